import Clocks
import Foundation
import HTTPServer
import Synchronization
import Testing

@testable import MockPlatform

/// The journal's watchers (what `GET /_mock/events` streams from): told of each change in order
/// under the journal's lock, their follow-ups run after it, and a watcher reconnecting after the
/// journal started again hears that it did.
@Suite struct JournalWatcherTests {
    static func entry(_ id: Int) -> JournalEntry {
        JournalEntry(
            id: id, time: WallTime(millisecondsSince1970: 0), method: "GET", path: "/p", query: "", headers: [:], requestBytes: 0,
            status: 200, responseBytes: 0, duration: .zero, accountId: nil, faultId: nil, delivery: "immediate")
    }

    /// Under the lock, releasing the last hold on a stream ran its `ended`, which unwatched: the
    /// journal's lock taken again on the same thread, a deadlock.
    @Test(arguments: [false, true])
    func aStreamReleasedAfterAChangeUnwatchesWithoutDeadlock(clearing: Bool) {
        let journal = RequestJournal()
        let held = Mutex<HTTPBodyStream?>(nil)
        let (_, ticket) = journal.watch(after: nil) { _ in { held.withLock { $0 = nil } } }
        held.withLock {
            $0 = HTTPBodyStream(heartbeat: Data(), every: .seconds(15), next: { Data() }, ended: { journal.unwatch(ticket) })
        }
        if clearing { journal.removeAll() } else { journal.record(Self.entry) }
        #expect(journal.watcherCount == 0)
    }

    @Test func aWatcherSeesEachChangeInOrder() {
        let journal = RequestJournal()
        let seen = Mutex<[JournalChange]>([])
        let (backlog, ticket) = journal.watch(after: nil) { change in
            seen.withLock { $0.append(change) }
            return nil
        }
        journal.record(Self.entry)
        journal.removeAll()
        journal.record(Self.entry)
        journal.unwatch(ticket)
        journal.record(Self.entry)
        #expect(backlog.isEmpty)
        #expect(seen.withLock { $0 } == [.recorded(Self.entry(1)), .cleared, .recorded(Self.entry(1))])
    }

    @Test func aWatcherBehindTheLastIdHearsTheJournalWasClearedThenGetsAllOfIt() {
        let journal = RequestJournal()
        for _ in 0..<5 { journal.record(Self.entry) }
        #expect(journal.watch(after: 3) { _ in nil }.backlog == [.recorded(Self.entry(4)), .recorded(Self.entry(5))])
        #expect(journal.watch(after: 5) { _ in nil }.backlog.isEmpty)
        journal.removeAll()
        for _ in 0..<2 { journal.record(Self.entry) }
        #expect(journal.watch(after: 5) { _ in nil }.backlog == [.cleared, .recorded(Self.entry(1)), .recorded(Self.entry(2))])
    }
}
