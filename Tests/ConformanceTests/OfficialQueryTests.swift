import Testing

/// The query encoding the catalog uses is the official SDK's.
@Suite struct OfficialQueryTests {
    @Test func keysSortedArraysRepeatedBooleansSpelledOut() {
        let query = OfficialQuery.string([
            "sort": .string("assetId,-originalTitle"), "assetIds": .list(["a", "b"]), "onlyPublished": .bool(true), "pageSize": .integer(50)
        ])
        #expect(query == "assetIds=a&assetIds=b&onlyPublished=true&pageSize=50&sort=assetId%2C-originalTitle")
    }

    @Test func reservedCharactersAreEscaped() {
        #expect(OfficialQuery.escape("2026-12-01T12:00:00.000Z") == "2026-12-01T12%3A00%3A00.000Z")
        #expect(OfficialQuery.escape("type:MOVIE AND \"a b\"") == "type%3AMOVIE%20AND%20%22a%20b%22")
        #expect(OfficialQuery.escape("hls,mp3") == "hls%2Cmp3")
        #expect(OfficialQuery.escape("a/b?c") == "a/b?c")  // RFC 3986 §3.4: kept
        #expect(OfficialQuery.string([:]).isEmpty)
    }
}
