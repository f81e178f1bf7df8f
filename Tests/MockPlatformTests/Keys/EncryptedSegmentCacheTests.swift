import Clocks
import Foundation
import HTTPServer
import Synchronization
import Testing

@testable import MockPlatform

/// The ciphertext cache: one encryption per file, key and IV; the least recently used entries
/// leave first once the byte budget is reached; the mock serves the same bytes from it, and
/// `POST /_mock/reset` empties it.
@Suite struct EncryptedSegmentCacheTests {
    private static func key(_ sequence: Int, path: String = "reel/video/360p/seg-004.ts") -> EncryptedSegmentCache.Key {
        .init(
            path: path, keyId: ContentKeyID(assetId: "harbour-tales-s1e3", periodStart: WallTime(millisecondsSince1970: 0)),
            sequence: sequence)
    }

    /// Counts the encryptions a test asks for.
    private final class Encryptions: Sendable {
        private let count = Mutex(0)
        var made: Int { count.withLock { $0 } }
        func make(_ bytes: Int) -> Data {
            count.withLock { $0 += 1 }
            return Data(repeating: 0xA5, count: bytes)
        }
    }

    @Test func aHitDoesNotEncryptAgainAndAnotherIVIsAnotherEntry() {
        let cache = EncryptedSegmentCache(byteBudget: 1_000)
        let encryptions = Encryptions()
        #expect(cache.body(for: Self.key(4)) { encryptions.make(100) }.count == 100)
        #expect(cache.body(for: Self.key(4)) { encryptions.make(100) }.count == 100)
        #expect(encryptions.made == 1)
        _ = cache.body(for: Self.key(5)) { encryptions.make(100) }
        _ = cache.body(for: Self.key(4, path: "reel/video/180p/seg-004.ts")) { encryptions.make(100) }
        #expect(encryptions.made == 3)
        #expect(cache.totalBytes == 300)
    }

    @Test func theOldestLeaveFirstAndTheBudgetHolds() {
        let cache = EncryptedSegmentCache(byteBudget: 1_000)
        let encryptions = Encryptions()
        for sequence in 0..<25 { _ = cache.body(for: Self.key(sequence)) { encryptions.make(100) } }
        #expect(cache.totalBytes == 1_000)
        _ = cache.body(for: Self.key(24)) { encryptions.make(100) }
        #expect(encryptions.made == 25, "the newest is kept")
        _ = cache.body(for: Self.key(14)) { encryptions.make(100) }
        #expect(encryptions.made == 26, "the oldest went")
        _ = cache.body(for: Self.key(99)) { encryptions.make(5_000) }
        #expect(cache.totalBytes <= 1_000, "a body over the budget is served, not kept")
    }

    /// A hit counts as a use: the entry a client keeps asking for stays, the one nobody asked
    /// for since goes, whatever the order they were added in.
    @Test func theLeastRecentlyUsedLeavesFirst() {
        let cache = EncryptedSegmentCache(byteBudget: 300)
        let encryptions = Encryptions()
        for sequence in 0..<3 { _ = cache.body(for: Self.key(sequence)) { encryptions.make(100) } }
        for _ in 0..<50 { _ = cache.body(for: Self.key(0)) { encryptions.make(100) } }
        _ = cache.body(for: Self.key(3)) { encryptions.make(100) }
        #expect(encryptions.made == 4 && cache.totalBytes == 300)
        _ = cache.body(for: Self.key(0)) { encryptions.make(100) }
        #expect(encryptions.made == 4, "the oldest entry, used since, is still kept")
        _ = cache.body(for: Self.key(1)) { encryptions.make(100) }
        #expect(encryptions.made == 5, "the least recently used one went")
        #expect(cache.totalBytes == 300)
    }

    @Test func anEncryptionErrorIsThrownAndNothingIsKept() {
        struct Refused: Error {}
        let cache = EncryptedSegmentCache()
        #expect(throws: Refused.self) { try cache.body(for: Self.key(1)) { () throws(Refused) -> Data in throw Refused() } }
        #expect(cache.totalBytes == 0)
    }

    @Test func theMockServesTheSameCiphertextFromTheCache() throws {
        let mock = try InProcessPlatform()
        let path = "/media/reel/video/360p/seg-004.ts?asset=harbour-tales-s1e3&seq=4"
        let first = mock.get(path)
        let cache = mock.platform.context.catalog.encryptedSegments
        #expect(first.status == 200 && cache.totalBytes == first.body.count)
        let again = mock.get(path)
        #expect(again.body == first.body && cache.totalBytes == first.body.count)
        #expect(mock.get("/media/reel/video/360p/seg-004.ts?asset=arctic-journey&seq=4").status == 200)
        #expect(cache.totalBytes == first.body.count, "clear segments are not kept")
    }

    @Test func aResetEmptiesIt() throws {
        let mock = try InProcessPlatform()
        let cache = mock.platform.context.catalog.encryptedSegments
        #expect(mock.get("/media/reel/video/360p/seg-004.ts?asset=harbour-tales-s1e3&seq=4").status == 200)
        #expect(cache.totalBytes > 0)
        #expect(mock.send(.post, "/_mock/reset").status == 204)
        #expect(cache.totalBytes == 0)
    }
}
