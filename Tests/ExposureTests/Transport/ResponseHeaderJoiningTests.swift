import Exposure
import Testing

/// How the curl adapter gathers a response's fields (``HTTPHeaders/combine(_:_:)``): names as
/// the server spelled them the first time, repeated fields joined with `, ` in the order they came.
@Suite("HTTPHeaders.combine")
struct ResponseHeaderJoiningTests {
    private func headers(_ fields: [(String, String)]) -> HTTPHeaders {
        var received = HTTPHeaders()
        for (name, value) in fields { received.combine(name, value) }
        return received
    }

    @Test func keepsTheFirstSpellingAndJoinsRepeatedFieldsInOrder() {
        #expect(
            headers([("set-cookie", "a=1"), ("Content-Length", "0"), ("Set-Cookie", "b=2"), ("SET-COOKIE", "c=3")])
                == ["set-cookie": "a=1, b=2, c=3", "Content-Length": "0"])
    }

    /// Only ASCII letters fold: `^` and `~` differ by the case bit but are different names.
    @Test func namesMatchIgnoringASCIICaseOnly() {
        #expect(
            headers([("Vary", "a"), ("VARY", "b"), ("Varz", "c"), ("X-^", "d"), ("x-~", "e")])
                == ["Vary": "a, b", "Varz": "c", "X-^": "d", "x-~": "e"])
    }
}
