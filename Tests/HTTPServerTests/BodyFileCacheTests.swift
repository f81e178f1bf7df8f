import Foundation
import Testing
@testable import HTTPServer

/// Memory-file mirrors of repeated bodies: made on the second send, shared, bounded.
@Suite struct BodyFileCacheTests {
    private func body(_ count: Int, _ seed: UInt8) -> Data { Data((0..<count).map { UInt8(truncatingIfNeeded: $0) &+ seed }) }

    @Test func firstSendOnlyRemembersSecondMirrorsThenShares() throws {
        let cache = BodyFileCache()
        let playlist = body(100_000, 1)
        #expect(cache.file(for: playlist) == nil)
        let file = try #require(cache.file(for: playlist))
        #expect(file.count == playlist.count)
        #expect(cache.file(for: playlist) === file)
        let copy = playlist
        #expect(cache.file(for: copy) === file, "a copy of the value shares the storage")
    }

    @Test func equalBytesInOtherStorageAreAnotherBody() {
        let cache = BodyFileCache()
        let first = body(100_000, 2)
        _ = cache.file(for: first)
        let rebuilt = Data(Array(first))
        #expect(cache.file(for: rebuilt) == nil)
    }

    @Test func bodiesSeenOnceHaveASmallBudgetOfTheirOwn() throws {
        let cache = BodyFileCache(budgetBytes: 10_000_000, unmirroredBudgetBytes: 250_000)
        let kept = body(100_000, 6)
        _ = cache.file(for: kept)
        _ = try #require(cache.file(for: kept), "mirrored")
        let oneOffs = (0..<5).map { body(100_000, 10 + UInt8($0)) }
        for oneOff in oneOffs { _ = cache.file(for: oneOff) }
        #expect(cache.trackedBodies == 3, "the mirror and the two newest one-off bodies")
        #expect(cache.file(for: kept) != nil)
        #expect(cache.file(for: oneOffs[0]) == nil, "the oldest one-off bodies were let go")
    }

    @Test func leastRecentlyUsedBodiesGoPastTheBudget() throws {
        let cache = BodyFileCache(budgetBytes: 250_000)
        let old = body(100_000, 3)
        let recent = body(100_000, 4)
        _ = cache.file(for: old)
        _ = cache.file(for: recent)
        _ = cache.file(for: recent)
        #expect(cache.trackedBodies == 1, "mirroring `recent` (its bytes counted twice) pushed `old` out")
        let newest = body(100_000, 5)
        _ = cache.file(for: newest)
        #expect(cache.trackedBodies == 1)
        #expect(cache.file(for: recent) == nil, "forgotten, so remembered afresh")
    }
}
