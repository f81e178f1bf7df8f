import Foundation
import Testing
@testable import HTTPServer

/// Page-cache file mirrors of repeated bodies: made on the second send, shared, joined with a
/// repeated head, bounded.
@Suite struct BodyFileCacheTests {
    private func body(_ count: Int, _ seed: UInt8) -> Data { Data((0..<count).map { UInt8(truncatingIfNeeded: $0) &+ seed }) }
    private let head = Array("HTTP/1.1 200 OK\r\nDate: Sun, 29 Nov 2026 22:10:02 GMT\r\n\r\n".utf8)
    private let nextSecondsHead = Array("HTTP/1.1 200 OK\r\nDate: Sun, 29 Nov 2026 22:10:03 GMT\r\n\r\n".utf8)

    /// The body-only mirror, when that is the source the cache gives.
    private func mirror(_ cache: BodyFileCache, _ body: Data, head: [UInt8]) -> PageCacheFile? {
        if case .body(let file) = cache.source(for: body, head: head) { return file }
        return nil
    }

    /// The file of head and body, when that is the source the cache gives.
    private func framed(_ cache: BodyFileCache, _ body: Data, head: [UInt8]) -> PageCacheFile? {
        if case .headAndBody(let file) = cache.source(for: body, head: head) { return file }
        return nil
    }

    @Test func firstSendOnlyRemembersSecondMirrorsThenShares() throws {
        let cache = BodyFileCache()
        let playlist = body(100_000, 1)
        #expect(cache.source(for: playlist, head: head) == nil)
        let file = try #require(mirror(cache, playlist, head: nextSecondsHead))
        #expect(file.count == playlist.count)
        #expect(mirror(cache, playlist, head: head) === file)
        let copy = playlist
        #expect(mirror(cache, copy, head: nextSecondsHead) === file, "a copy of the value shares the storage")
    }

    @Test func aRepeatedHeadIsJoinedToTheBodyUntilAnotherRepeats() throws {
        let cache = BodyFileCache()
        let playlist = body(200_000, 7)
        #expect(cache.source(for: playlist, head: head) == nil)
        let bodyFile = try #require(mirror(cache, playlist, head: head), "mirrored first, head repeated or not")
        let joined = try #require(framed(cache, playlist, head: head))
        #expect(joined.count == head.count + playlist.count)
        #expect(framed(cache, playlist, head: head) === joined)

        #expect(mirror(cache, playlist, head: nextSecondsHead) === bodyFile, "a new head goes first, once")
        let next = try #require(framed(cache, playlist, head: nextSecondsHead))
        #expect(next !== joined && next.count == joined.count)
        #expect(mirror(cache, playlist, head: head) === bodyFile, "only the latest repeated head is kept")
    }

    @Test func equalBytesInOtherStorageAreAnotherBody() {
        let cache = BodyFileCache()
        let first = body(100_000, 2)
        _ = cache.source(for: first, head: head)
        let rebuilt = Data(Array(first))
        #expect(cache.source(for: rebuilt, head: head) == nil)
    }

    @Test func bodiesSeenOnceHaveASmallBudgetOfTheirOwn() throws {
        let cache = BodyFileCache(budgetBytes: 10_000_000, unmirroredBudgetBytes: 250_000)
        let kept = body(100_000, 6)
        _ = cache.source(for: kept, head: head)
        _ = try #require(mirror(cache, kept, head: nextSecondsHead), "mirrored")
        let oneOffs = (0..<5).map { body(100_000, 10 + UInt8($0)) }
        for oneOff in oneOffs { _ = cache.source(for: oneOff, head: head) }
        #expect(cache.trackedBodies == 3, "the mirror and the two newest one-off bodies")
        #expect(cache.source(for: kept, head: head) != nil)
        #expect(cache.source(for: oneOffs[0], head: head) == nil, "the oldest one-off bodies were let go")
    }

    @Test func leastRecentlyUsedBodiesGoPastTheBudget() throws {
        let cache = BodyFileCache(budgetBytes: 250_000)
        let old = body(100_000, 3)
        let recent = body(100_000, 4)
        _ = cache.source(for: old, head: head)
        _ = cache.source(for: recent, head: head)
        _ = cache.source(for: recent, head: nextSecondsHead)
        #expect(cache.trackedBodies == 1, "mirroring `recent` (its bytes counted twice) pushed `old` out")
        let newest = body(100_000, 5)
        _ = cache.source(for: newest, head: head)
        #expect(cache.trackedBodies == 1)
        #expect(cache.source(for: recent, head: head) == nil, "forgotten, so remembered afresh")
    }

    @Test func theJoinedFileCountsAgainstTheBudget() throws {
        let cache = BodyFileCache(budgetBytes: 350_000)
        let other = body(100_000, 8)
        let playlist = body(100_000, 9)
        _ = cache.source(for: other, head: head)
        _ = cache.source(for: playlist, head: head)
        _ = try #require(mirror(cache, playlist, head: head))
        #expect(cache.trackedBodies == 2, "300 KB of 350 KB")
        _ = try #require(framed(cache, playlist, head: head))
        #expect(cache.trackedBodies == 1, "the joined file (100 KB more) pushed `other` out")
    }
}
