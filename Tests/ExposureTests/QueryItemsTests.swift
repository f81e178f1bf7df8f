import Exposure
import Testing

@Suite("Query encoding")
struct QueryItemsTests {
    @Test func keysAreSortedWhateverTheInsertionOrder() {
        var query = QueryItems()
        query.set("pageSize", 50)
        query.set("assetType", "MOVIE")
        query.set("onlyPublished", true)
        #expect(query.encoded == "assetType=MOVIE&onlyPublished=true&pageSize=50")
    }

    @Test func arraysBecomeRepeatedKeysInTheirOwnOrder() {
        var query = QueryItems()
        query.set("assetIds", repeating: ["b", "a", "c"])
        query.set("a", "1")
        #expect(query.encoded == "a=1&assetIds=b&assetIds=a&assetIds=c")
        #expect(query["assetIds"] == ["b", "a", "c"])
    }

    @Test func booleansAreWords() {
        var query = QueryItems()
        query.set("no", false)
        query.set("yes", true)
        #expect(query.encoded == "no=false&yes=true")
    }

    @Test(arguments: [
        ("hls,mp3", "hls%2Cmp3"),
        ("assetId,-originalTitle", "assetId%2C-originalTitle"),
        ("a b", "a%20b"),
        ("a+b=c&d", "a%2Bb%3Dc%26d"),
        ("#[]@!$'()*;:", "%23%5B%5D%40%21%24%27%28%29%2A%3B%3A"),
        ("path/with?query", "path/with?query"),
        ("AZaz09-._~", "AZaz09-._~"),
        ("Den långa natten", "Den%20l%C3%A5nga%20natten"),
        ("2025-11-29T10:00:00.000Z", "2025-11-29T10%3A00%3A00.000Z")
    ])
    func reservedCharactersArePercentEncoded(raw: String, escaped: String) {
        #expect(QueryItems.escape(raw) == escaped)
        var query = QueryItems()
        query.set("k", raw)
        #expect(query.encoded == "k=\(escaped)")
    }

    @Test func nilAndEmptyValuesRemoveTheKey() {
        var query = QueryItems()
        query.set("a", "1")
        query.set("b", repeating: ["x"])
        query.set("a", nil as String?)
        query.set("b", repeating: [])
        #expect(query.isEmpty)
        #expect(query.encoded == "")
    }

    @Test func numbersAreWrittenPlainly() {
        var query = QueryItems()
        query.set("latitude", 59.3293)
        query.set("from", Int64(1_764_410_400_000))
        query.set("longitude", -18.0686)
        #expect(query.encoded == "from=1764410400000&latitude=59.3293&longitude=-18.0686")
    }

    @Test func mergingReplacesSharedKeys() {
        var base = QueryItems()
        base.set("deviceMake", "Generic")
        base.set("keep", "1")
        var override = QueryItems()
        override.set("deviceMake", "Acme")
        base.merge(override)
        #expect(base.encoded == "deviceMake=Acme&keep=1")
    }
}
