import ExposureDownload
import Foundation
import Testing

/// A stored key is named by its URL without the play token that fetched it: a renewal's new
/// token finds the same key, and keys told apart by another query item stay apart.
struct KeyIdentityTests {
    @Test func theTokenIsDroppedAndEveryOtherQueryItemKept() throws {
        let first = try #require(URL(string: "https://keys.example/key?id=1&token=abc#frag"))
        let second = try #require(URL(string: "https://keys.example/key?id=2&token=abc"))
        #expect(ContentKeyFetcher.identity(of: first).absoluteString == "https://keys.example/key?id=1")
        #expect(ContentKeyFetcher.identity(of: first) != ContentKeyFetcher.identity(of: second))
    }

    @Test func aTokenOnlyQueryLeavesThePath() throws {
        let renewed = try #require(URL(string: "http://127.0.0.1:8080/keys/vod-1?token=new"))
        #expect(ContentKeyFetcher.identity(of: renewed).absoluteString == "http://127.0.0.1:8080/keys/vod-1")
    }
}
