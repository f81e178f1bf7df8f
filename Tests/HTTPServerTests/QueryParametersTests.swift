import HTTPServer
import Testing

@Suite struct QueryParametersTests {
    @Test func keepsOrderAndRepeatedKeys() {
        let query = QueryParameters(rawQuery: "b=2&a=1&b=3")
        #expect(query.items.map(\.name) == ["b", "a", "b"])
        #expect(query["b"] == "2")
        #expect(query.list("b") == ["2", "3"])
    }

    @Test func decodesPercentAndPlus() {
        let query = QueryParameters(rawQuery: "q=a+b%20c&fields=x%2Cy&k%3D=v%26")
        #expect(query["q"] == "a b c")
        #expect(query["fields"] == "x,y")
        #expect(query.list("fields") == ["x", "y"])
        #expect(query["k="] == "v&")
    }

    @Test func bareKeysAndEmptyPairs() {
        let query = QueryParameters(rawQuery: "flag&&empty=&=novalue")
        #expect(query["flag"] == "")
        #expect(query["empty"] == "")
        #expect(query[""] == "novalue")
        #expect(query.items.count == 3)
    }

    @Test func malformedEscapesAreKeptLiterally() {
        let query = QueryParameters(rawQuery: "a=%zz&b=%4&c=100%")
        #expect(query["a"] == "%zz")
        #expect(query["b"] == "%4")
        #expect(query["c"] == "100%")
    }

    @Test func decodesUTF8() {
        #expect(QueryParameters(rawQuery: "name=%C3%A5%C3%A4%C3%B6")["name"] == "åäö")
    }

    @Test func listDropsEmptyElements() {
        #expect(QueryParameters(rawQuery: "f=a,,b,&f=").list("f") == ["a", "b"])
    }

    @Test func emptyQuery() {
        #expect(QueryParameters(rawQuery: "").items.isEmpty)
        #expect(QueryParameters(rawQuery: "")["a"] == nil)
    }
}
