import Clocks
import ExposureModels
import Foundation
import Testing

@testable import MockPlatform

/// What the mock keeps for clients is bounded in bytes, not only in records (issue 20: 300
/// batches of one 900-KB event took the process from 29 to 294 MB; sessions and play sessions
/// were never forgotten). The bounds as values, on each store.
@Suite struct BoundedMemoryTests {
    @Test func aBoundedLogDropsTheOldestPastItsCountOrItsBytes() {
        var log = BoundedLog<Int>(capacity: 3, byteCapacity: 100)
        #expect(log.append(contentsOf: [(1, 30), (2, 30)]).isEmpty)
        #expect(log.append(3, bytes: 30) == [])
        #expect(log.append(4, bytes: 10) == [1], "past the count")
        #expect(log.append(5, bytes: 60) == [2], "past the bytes")
        #expect(log.elements == [3, 4, 5] && log.bytes == 100 && log.count == 3)
        #expect(log.append(6, bytes: 500) == [3, 4, 5], "one record over the budget stays alone")
        #expect(log.elements == [6])
    }

    @Test func aBoundedLogKeepsItsOrderAcrossTheRingsWrapAndGrowth() {
        var log = BoundedLog<Int>(capacity: 40, byteCapacity: 1_000)
        for value in 0..<12 { _ = log.append(value, bytes: 1) }
        // Byte drops from the front, then growth past the first 16 slots while the ring has wrapped.
        #expect(log.append(12, bytes: 990) == [0, 1])
        for value in 13..<30 { _ = log.append(value, bytes: 0) }
        #expect(log.elements == Array(2..<30))
        var dropped: [Int] = []
        for value in 30..<100 { dropped += log.append(value, bytes: 0) }
        #expect(log.elements == Array(60..<100) && dropped == Array(2..<60))
        #expect(log.bytes == 0, "the bytes left with their records")
    }

    @Test func heapCostCountsWhatDecodedJSONHoldsNotItsText() throws {
        #expect(HeapCost.string("short") == 0, "15 UTF-8 bytes or fewer are kept inline")
        #expect(HeapCost.string(String(repeating: "x", count: 1_000)) > 1_000)
        // `[1,1,…]`: 2 bytes of JSON an element, a 24-byte slot decoded.
        let ones = try JSONDecoder().decode(
            JSONValue.self, from: Data(("[" + Array(repeating: "1", count: 10_000).joined(separator: ",") + "]").utf8))
        #expect(HeapCost.json(ones) >= 10_000 * MemoryLayout<JSONValue>.stride)
        let object = JSONValue.object(["Key": .string(String(repeating: "v", count: 100)), "Nested": .array([.integer(1)])])
        #expect(HeapCost.json(object) > 100 + MemoryLayout<JSONValue>.stride)
    }

    private func event(_ number: Int64, session: String, padding: Int = 0) -> RecordedAnalyticsEvent {
        RecordedAnalyticsEvent(
            received: WallTime(millisecondsSince1970: 0), accountId: "acc", sessionId: session, clockOffset: nil,
            event: AnalyticsEvent(
                eventType: "Playback.Heartbeat", timestamp: 1_800_000_000_000, sequenceNumber: number,
                fields: ["Padding": .string(String(repeating: "p", count: padding))]))
    }

    @Test func analyticsEventsStayWithinTheirBytesAndSessionsGoWithTheirEvents() {
        let size = event(1, session: "made-up-00", padding: 1_000).heldBytes
        let activity = ClientActivity(capacity: 1_000, byteCapacity: 10 * size)
        for session in 10..<40 {
            _ = activity.record([event(1, session: "made-up-\(session)", padding: 1_000)], sessionId: "made-up-\(session)")
        }
        #expect(activity.usage.events == StoreUsage(kept: 10, bytes: 10 * size, maxKept: 1_000, maxBytes: 10 * size))
        #expect(activity.events().map(\.sessionId) == (30..<40).map { "made-up-\($0)" })
        #expect(activity.sessions().map(\.sessionId) == (30..<40).map { "made-up-\($0)" }, "a session whose events are gone is forgotten")
        // A forgotten session's number is new again; a kept one's is still a repeat.
        #expect(activity.record([event(1, session: "made-up-10", padding: 1_000)], sessionId: "made-up-10").count == 1)
        #expect(activity.record([event(1, session: "made-up-39", padding: 1_000)], sessionId: "made-up-39").isEmpty)
        #expect(activity.duplicatesDropped(sessionId: "made-up-39") == 1)
        #expect(activity.record([], sessionId: "empty").isEmpty)
        #expect(!activity.sessions().map(\.sessionId).contains("empty"), "an empty batch leaves nothing behind")
        activity.removeAll()
        #expect(activity.usage.events.bytes == 0 && activity.sessions().isEmpty)
    }

    @Test func craftedEventsCountAtWhatTheyHoldDecoded() throws {
        // 64 KiB of `[1,1,…]` holds 768 KB decoded: a 16 MiB budget keeps about twenty, not 250.
        let ones = Array(repeating: "1", count: 32_000).joined(separator: ",")
        let body = #"{"EventType":"Playback.Heartbeat","Timestamp":1,"Ones":["# + ones + "]}"
        let crafted = try JSONDecoder().decode(AnalyticsEvent.self, from: Data(body.utf8))
        let size = RecordedAnalyticsEvent(
            received: WallTime(millisecondsSince1970: 0), accountId: "acc", sessionId: "s", clockOffset: nil, event: crafted
        ).heldBytes
        #expect(size >= 32_000 * MemoryLayout<JSONValue>.stride)
        let activity = ClientActivity(capacity: 1_000, byteCapacity: 16 << 20)
        for number in 0..<100 {
            var event = crafted
            event.sequenceNumber = Int64(number)
            _ = activity.record(
                [
                    RecordedAnalyticsEvent(
                        received: WallTime(millisecondsSince1970: 0), accountId: "acc", sessionId: "s", clockOffset: nil, event: event)
                ], sessionId: "s")
        }
        #expect(activity.usage.events.kept == (16 << 20) / size)
        #expect(activity.usage.events.bytes <= 16 << 20)
    }

    @Test func analyticsSessionsAreGroupedInOnePassInTheOrderOfTheirOldestEvent() {
        let activity = ClientActivity()
        _ = activity.record([event(1, session: "b")], sessionId: "b")
        _ = activity.record([event(1, session: "a"), event(2, session: "a")], sessionId: "a")
        _ = activity.record([event(2, session: "b"), event(2, session: "b")], sessionId: "b")
        let sessions = activity.sessions()
        #expect(sessions.map(\.sessionId) == ["b", "a"])
        #expect(sessions.map { $0.events.compactMap(\.event.sequenceNumber) } == [[1, 2], [1, 2]])
        #expect(sessions.map(\.duplicatesDropped) == [1, 0])
    }

    @Test func beaconsStayWithinTheirBytes() {
        let beacon = RecordedBeacon(
            received: WallTime(millisecondsSince1970: 0), playSessionId: String(repeating: "p", count: 1_000), clipIndex: 0, event: "start")
        let activity = ClientActivity(capacity: 1_000, byteCapacity: 3 * beacon.heldBytes)
        for index in 0..<100 {
            activity.record(
                RecordedBeacon(
                    received: WallTime(millisecondsSince1970: 0), playSessionId: String(repeating: "p", count: 1_000), clipIndex: index,
                    event: "start"))
        }
        #expect(activity.usage.beacons.bytes <= 3 * beacon.heldBytes)
        #expect(activity.beacons().map(\.clipIndex) == [97, 98, 99])
    }

    private func entry(_ id: Int, queryBytes: Int) -> JournalEntry {
        JournalEntry(
            id: id, time: WallTime(millisecondsSince1970: 0), method: "GET", path: "/p", query: String(repeating: "q", count: queryBytes),
            headers: [:], requestBytes: 0, status: 200, responseBytes: 0, duration: .zero, accountId: nil, faultId: nil,
            delivery: "immediate")
    }

    @Test func theJournalStaysWithinItsBytes() {
        let journal = RequestJournal(capacity: 100, byteCapacity: 40_000)
        for _ in 0..<50 { journal.record { self.entry($0, queryBytes: 5_000) } }
        #expect(journal.usage.bytes <= 40_000)
        #expect(journal.entries().map(\.id) == Array(44...50))
        for _ in 0..<200 { journal.record { self.entry($0, queryBytes: 0) } }
        #expect(journal.entries().count == 100, "small entries still fill every slot")
        #expect(journal.entries().first?.id == 151)
        journal.removeAll()
        #expect(journal.usage == StoreUsage(kept: 0, bytes: 0, maxKept: 100, maxBytes: 40_000))
    }

    private func session(_ index: Int, issuedMs: Int64, expiresMs: Int64) -> Session {
        Session(
            token: "tok-\(index)", accountId: "acc-\(index)", userId: "u", username: nil, products: [],
            issued: WallTime(millisecondsSince1970: issuedMs), expires: WallTime(millisecondsSince1970: expiresMs), deviceId: nil)
    }

    @Test func expiredSessionsAreSweptAndTheNewestKept() {
        let state = MemoryState(sweepFloor: 10, maxSessions: 15, maxPlaySessions: 100)
        for index in 0..<9 { state.insert(session(index, issuedMs: 0, expiresMs: 1_000)) }
        #expect(state.counts.sessions == 9)
        state.insert(session(9, issuedMs: 2_000, expiresMs: 90_000))
        #expect(state.counts.sessions == 1, "the tenth insert swept the nine expired")
        #expect(state.session(token: "tok-0") == nil && state.session(token: "tok-9") != nil)
        for index in 10..<40 { state.insert(session(index, issuedMs: Int64(index) * 10_000, expiresMs: .max)) }
        #expect(state.counts.sessions <= 15, "never more than maxSessions")
        #expect(state.session(token: "tok-39") != nil)
        #expect(state.session(token: "tok-10") == nil, "past maxSessions the oldest go")
    }

    @Test func anAnonymousAccountsRecordsGoWithItsLastSession() {
        let state = MemoryState(sweepFloor: 3, maxSessions: 100, maxPlaySessions: 100)
        let anonymous = Session(
            token: "anon", accountId: "anonymous-1", userId: "anonymous-1", username: nil, products: [],
            issued: WallTime(millisecondsSince1970: 0), expires: WallTime(millisecondsSince1970: 1_000),
            deviceId: nil)
        let named = Session(
            token: "named", accountId: "acc-basic", userId: "u", username: "basic", products: [],
            issued: WallTime(millisecondsSince1970: 0), expires: WallTime(millisecondsSince1970: 1_000),
            deviceId: nil)
        state.insert(anonymous)
        state.insert(named)
        for accountId in ["anonymous-1", "acc-basic"] {
            state.save(Bookmark(assetId: "a", offset: .milliseconds(1), saved: WallTime(millisecondsSince1970: 1)), accountId: accountId)
            state.record(
                DownloadRecord(accountId: accountId, assetId: "a", kind: .download, deviceId: nil, time: WallTime(millisecondsSince1970: 1))
            )
        }
        state.insert(session(1, issuedMs: 2_000, expiresMs: 9_000))
        #expect(state.session(token: "anon") == nil && state.session(token: "named") == nil, "both expired and swept")
        #expect(state.bookmarks(accountId: "anonymous-1").isEmpty && state.downloads(accountId: "anonymous-1", assetId: nil).isEmpty)
        #expect(state.bookmarks(accountId: "acc-basic").count == 1, "a fixture user's account outlives its sessions")
        #expect(state.downloads(accountId: "acc-basic", assetId: nil).count == 1)
    }

    private func play(_ index: Int, atMs: Int64) -> PlaySession {
        PlaySession(
            id: "play-\(index)", accountId: "acc", assetId: "a", tracksBookmark: false, started: WallTime(millisecondsSince1970: atMs),
            lastSeen: WallTime(millisecondsSince1970: atMs), tokenExpires: WallTime(millisecondsSince1970: .max), idleTimeout: .seconds(60))
    }

    @Test func playSessionsNoLongerActiveAreSweptAndTheMostRecentKept() {
        let state = MemoryState(sweepFloor: 10, maxSessions: 100, maxPlaySessions: 12)
        for index in 0..<5 { _ = state.begin(play(index, atMs: 0), streamLimit: nil) }
        state.endPlaySession(id: "play-0", at: WallTime(millisecondsSince1970: 1), reason: "Playback.Completed")
        for index in 5..<10 { _ = state.begin(play(index, atMs: 50_000), streamLimit: nil) }
        // At 50 s the first five are still active but play-0, which ended.
        #expect(state.counts.playSessions == 9)
        #expect(state.playSession(id: "play-0") == nil && state.playSession(id: "play-1") != nil)
        for index in 10..<30 { _ = state.begin(play(index, atMs: 100_000 + Int64(index)), streamLimit: nil) }
        #expect(state.playSession(id: "play-1") == nil, "silent for the idle timeout: swept")
        #expect(state.counts.playSessions <= 12, "never more than maxPlaySessions")
        #expect(state.playSession(id: "play-29") != nil)
        state.removeAll()
        #expect(state.counts == (0, 0))
    }
}
