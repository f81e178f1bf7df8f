import HTTPServer
import Testing

@Suite struct HTTPHeadersTests {
    @Test func lookupIgnoresCase() {
        let headers: HTTPHeaders = ["Content-Type": "text/plain"]
        #expect(headers["content-type"] == "text/plain")
        #expect(headers["CONTENT-TYPE"] == "text/plain")
        #expect(headers["Accept"] == nil)
    }

    @Test func addKeepsDuplicatesInOrder() {
        var headers = HTTPHeaders()
        headers.add("Set-Cookie", "a=1")
        headers.add("X", "y")
        headers.add("set-cookie", "b=2")
        #expect(headers.map(\.value) == ["a=1", "y", "b=2"])
        #expect(headers["Set-Cookie"] == "a=1")
    }

    @Test func setReplacesEveryCase() {
        var headers = HTTPHeaders([("Cache-Control", "a"), ("cache-control", "b"), ("X", "1")])
        headers.set("CACHE-CONTROL", "max-age=1")
        #expect(headers.fields.count == 2)
        #expect(headers["cache-control"] == "max-age=1")
        #expect(headers.fields.last?.name == "CACHE-CONTROL")
    }

    @Test func removeDropsAllMatches() {
        var headers: HTTPHeaders = ["A": "1", "a": "2", "B": "3"]
        headers.remove("A")
        #expect(headers.map(\.name) == ["B"])
    }

    @Test func equalityIsOrderAndCaseSensitive() {
        #expect(HTTPHeaders([("A", "1"), ("B", "2")]) == HTTPHeaders([("A", "1"), ("B", "2")]))
        #expect(HTTPHeaders([("A", "1"), ("B", "2")]) != HTTPHeaders([("B", "2"), ("A", "1")]))
        #expect(HTTPHeaders([("A", "1")]) != HTTPHeaders([("a", "1")]))
    }
}

@Suite struct HeaderNameComparisonTests {
    @Test(arguments: [("Content-Length", "content-length"), ("X-1", "x-1"), ("", "")])
    func sameNames(lhs: String, rhs: String) {
        #expect(HTTPHeaders.sameName(lhs, rhs))
    }

    /// Only letters fold: `@`/`` ` ``, `[`/`{` and the like differ by the same bit.
    @Test(arguments: [("A", "B"), ("@", "`"), ("[", "{"), ("Content-Length", "Content-Lengt"), ("ä", "Ä")])
    func differentNames(lhs: String, rhs: String) {
        #expect(!HTTPHeaders.sameName(lhs, rhs))
    }

    @Test func aCollectionOfFieldsAndADictionaryForAPIsThatTakeOne() {
        var headers: HTTPHeaders = ["Accept": "a/b", "X-Id": "1"]
        headers.add("accept", "c/d")
        #expect(headers.count == 3 && !headers.isEmpty)
        #expect(headers[2].name == "accept" && headers.last?.value == "c/d")
        #expect(headers.dictionary == ["Accept": "a/b, c/d", "X-Id": "1"])
    }
}
