#if canImport(CCurl)
@testable import Exposure
import Testing

@Suite("ReceivedHeaders")
struct ReceivedHeadersTests {
    private func headers(_ fields: [(String, String)]) -> [String: String] {
        var received = ReceivedHeaders()
        for (name, value) in fields { received.add(name: name, value: value) }
        return received.fields
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
#endif
