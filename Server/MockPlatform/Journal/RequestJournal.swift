import Synchronization

/// The last `capacity` requests the platform answered, within `byteCapacity` bytes of entries,
/// oldest dropped first.
///
/// Recording is one short critical section (store into a ring slot), so keeping a journal costs
/// every request about the same whether it is empty or full.
public final class RequestJournal: Sendable {
    /// Told of a change under the journal's lock; returns what to do about it once the lock is
    /// released, if anything.
    package typealias Watcher = @Sendable (JournalChange) -> (@Sendable () -> Void)?

    private struct Log {
        var entries: BoundedLog<JournalEntry>
        var lastId = 0
        /// Told of every change, inside the lock, so each sees changes in id order; what they
        /// return runs once the lock is released.
        var watchers: [Int: Watcher] = [:]
        var nextWatcher = 0

        /// Tells every watcher of `change` and returns their follow-ups, to run outside the lock.
        func tellWatchers(_ change: JournalChange) -> [@Sendable () -> Void] {
            watchers.values.compactMap { $0(change) }
        }
    }

    /// The request headers the journal keeps (the Bearer token is kept as `accountId` instead).
    /// `X-Adobe-Primetime-MediaToken` is what `startPlayback(…, adobePrimetimeToken:)` sends with a play request;
    /// `X-Playback-Session-Id` names the player's play session on its playlist and segment requests.
    package static let recordedHeaders = [
        "Content-Type", "Accept", "User-Agent", "Range", "X-Mock-Country", "Origin", "X-Adobe-Primetime-MediaToken",
        "X-Playback-Session-Id"
    ]

    /// How many entries it keeps.
    package let capacity: Int
    /// How many bytes of entries it keeps (`JournalEntry.heldBytes`); the newest entry stays even alone over it.
    package let byteCapacity: Int
    private let log: Mutex<Log>

    /// An empty journal keeping at most `capacity` (at least 1) entries of at most `byteCapacity` bytes in all.
    package init(capacity: Int = 10_000, byteCapacity: Int = 32 << 20) {
        self.capacity = max(1, capacity)
        self.byteCapacity = max(1, byteCapacity)
        log = Mutex(Log(entries: BoundedLog(capacity: capacity, byteCapacity: byteCapacity)))
    }

    /// Stores an entry, giving it the next id; drops the oldest when full or over the byte budget.
    func record(_ makeEntry: (_ id: Int) -> JournalEntry) {
        // Displaced entries come out of the lock, so freeing their strings holds up no other request.
        let (_, followUps) = log.withLock { log -> (dropped: [JournalEntry], followUps: [@Sendable () -> Void]) in
            log.lastId += 1
            let entry = makeEntry(log.lastId)
            let dropped = log.entries.append(entry, bytes: entry.heldBytes)
            return (dropped, log.tellWatchers(.recorded(entry)))
        }
        for followUp in followUps { followUp() }
    }

    /// What it keeps now against its bounds.
    package var usage: StoreUsage { log.withLock { StoreUsage($0.entries) } }

    /// The entries matching `filter`, oldest first.
    public func entries(matching filter: JournalFilter = JournalFilter()) -> [JournalEntry] {
        let matching = log.withLock { $0.entries.elements }.filter(filter.matches)
        guard let limit = filter.limit else { return matching }
        return Array(matching.suffix(max(0, limit)))
    }

    /// How many requests were recorded since the last `removeAll`, including dropped ones.
    public var totalRecorded: Int { log.withLock { $0.lastId } }

    /// Forgets every entry and restarts ids from 1.
    package func removeAll() {
        // The entries are swapped out under the lock and freed after it, with `dropped`.
        var dropped = BoundedLog<JournalEntry>(capacity: capacity, byteCapacity: byteCapacity)
        let followUps = log.withLock { log in
            swap(&log.entries, &dropped)
            log.lastId = 0
            return log.tellWatchers(.cleared)
        }
        for followUp in followUps { followUp() }
    }

    /// Starts telling `watcher` of every change from now on and returns, taken in the same moment
    /// (none missed, none twice), what the watcher missed after the entry `afterId` (nothing when
    /// nil) and the ticket to stop with (``unwatch(_:)``). What it missed is the entries kept with
    /// an id above `afterId`, oldest first; when `afterId` is beyond the last id (the journal was
    /// emptied, or the mock restarted, since), `cleared` and then every entry kept.
    ///
    /// `watcher` runs under the journal's lock, so it sees changes in order: it must only keep the
    /// change. What it returns runs once the lock is released (waking a reader, say), and may call
    /// back into the journal.
    package func watch(after afterId: Int?, _ watcher: @escaping Watcher) -> (backlog: [JournalChange], ticket: Int) {
        log.withLock { log in
            let ticket = log.nextWatcher
            log.nextWatcher += 1
            log.watchers[ticket] = watcher
            guard let afterId else { return ([], ticket) }
            let kept = log.entries.elements
            guard afterId <= log.lastId else { return ([.cleared] + kept.map(JournalChange.recorded), ticket) }
            return (kept.filter { $0.id > afterId }.map(JournalChange.recorded), ticket)
        }
    }

    /// How many watchers are being told of changes.
    package var watcherCount: Int { log.withLock { $0.watchers.count } }

    /// Stops telling the watcher of `ticket`.
    package func unwatch(_ ticket: Int) {
        _ = log.withLock { $0.watchers.removeValue(forKey: ticket) }
    }
}
