import Synchronization

/// The last `capacity` requests the platform answered, within `byteCapacity` bytes of entries,
/// oldest dropped first.
///
/// Recording is one short critical section (store into a ring slot), so keeping a journal costs
/// every request about the same whether it is empty or full.
public final class RequestJournal: Sendable {
    /// Told of a change under the journal's lock; returns what to do about it once the lock is
    /// released, if anything.
    public typealias Watcher = @Sendable (JournalChange) -> (@Sendable () -> Void)?

    private struct Ring {
        var slots: [JournalEntry?]
        /// What each slot's entry holds, bytes (`JournalEntry.heldBytes`).
        var sizes: [Int]
        /// Where the next entry goes.
        var next = 0
        var count = 0
        var lastId = 0
        var bytes = 0
        /// Told of every change, inside the lock, so each sees changes in id order; what they
        /// return runs once the lock is released.
        var watchers: [Int: Watcher] = [:]
        var nextWatcher = 0

        init(slotCount: Int) {
            slots = Array(repeating: nil, count: slotCount)
            sizes = Array(repeating: 0, count: slotCount)
        }

        /// Every entry kept, oldest first.
        var entries: [JournalEntry] {
            let start = (next - count + slots.count) % slots.count
            return (0..<count).compactMap { slots[(start + $0) % slots.count] }
        }

        /// Tells every watcher of `change` and returns their follow-ups, to run outside the lock.
        func tellWatchers(_ change: JournalChange) -> [@Sendable () -> Void] {
            watchers.values.compactMap { $0(change) }
        }

        /// Takes the oldest entry out.
        mutating func removeOldest() -> JournalEntry? {
            let oldest = (next - count + slots.count) % slots.count
            var entry: JournalEntry?
            swap(&slots[oldest], &entry)
            bytes -= sizes[oldest]
            count -= 1
            return entry
        }
    }

    /// The request headers the journal keeps (the Bearer token is kept as `accountId` instead).
    /// `X-Adobe-Primetime-MediaToken` is what `startPlayback(…, adobePrimetimeToken:)` sends with a play request;
    /// `X-Playback-Session-Id` names the player's play session on its playlist and segment requests.
    public static let recordedHeaders = [
        "Content-Type", "Accept", "User-Agent", "Range", "X-Mock-Country", "Origin", "X-Adobe-Primetime-MediaToken",
        "X-Playback-Session-Id"
    ]

    /// How many entries it keeps.
    public let capacity: Int
    /// How many bytes of entries it keeps (`JournalEntry.heldBytes`); the newest entry stays even alone over it.
    public let byteCapacity: Int
    private let ring: Mutex<Ring>

    /// An empty journal keeping at most `capacity` (at least 1) entries of at most `byteCapacity` bytes in all.
    public init(capacity: Int = 10_000, byteCapacity: Int = 32 << 20) {
        self.capacity = max(1, capacity)
        self.byteCapacity = max(1, byteCapacity)
        ring = Mutex(Ring(slotCount: max(1, capacity)))
    }

    /// Stores an entry, giving it the next id; drops the oldest when full or over the byte budget.
    func record(_ makeEntry: (_ id: Int) -> JournalEntry) {
        // Displaced entries come out of the lock, so freeing their strings holds up no other request.
        // The usual displaced entry is the one overwritten; an array (allocated only when it gets
        // an element) takes those dropped for the byte budget.
        let (_, _, followUps) = ring.withLock {
            ring -> (overwritten: JournalEntry?, overBudget: [JournalEntry?], followUps: [@Sendable () -> Void]) in
            ring.lastId += 1
            let entry = makeEntry(ring.lastId)
            let overwritten = ring.count == ring.slots.count ? ring.removeOldest() : nil
            let size = entry.heldBytes
            ring.slots[ring.next] = entry
            ring.sizes[ring.next] = size
            ring.bytes += size
            ring.next = (ring.next + 1) % ring.slots.count
            ring.count += 1
            var overBudget: [JournalEntry?] = []
            while ring.bytes > byteCapacity, ring.count > 1 { overBudget.append(ring.removeOldest()) }
            return (overwritten, overBudget, ring.tellWatchers(.recorded(entry)))
        }
        for followUp in followUps { followUp() }
    }

    /// The bytes its entries hold now (`JournalEntry.heldBytes`).
    public var bytesKept: Int { ring.withLock { $0.bytes } }

    /// The entries matching `filter`, oldest first.
    public func entries(matching filter: JournalFilter = JournalFilter()) -> [JournalEntry] {
        let all: [JournalEntry] = ring.withLock { $0.entries }
        let matching = all.filter(filter.matches)
        guard let limit = filter.limit else { return matching }
        return Array(matching.suffix(max(0, limit)))
    }

    /// How many requests were recorded since the last `removeAll`, including dropped ones.
    public var totalRecorded: Int { ring.withLock { $0.lastId } }

    /// Forgets every entry and restarts ids from 1.
    public func removeAll() {
        let followUps = ring.withLock { ring in
            let watchers = (ring.watchers, ring.nextWatcher)
            ring = Ring(slotCount: ring.slots.count)
            (ring.watchers, ring.nextWatcher) = watchers
            return ring.tellWatchers(.cleared)
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
    public func watch(after afterId: Int?, _ watcher: @escaping Watcher) -> (backlog: [JournalChange], ticket: Int) {
        ring.withLock { ring in
            let ticket = ring.nextWatcher
            ring.nextWatcher += 1
            ring.watchers[ticket] = watcher
            guard let afterId else { return ([], ticket) }
            guard afterId <= ring.lastId else { return ([.cleared] + ring.entries.map(JournalChange.recorded), ticket) }
            return (ring.entries.filter { $0.id > afterId }.map(JournalChange.recorded), ticket)
        }
    }

    /// How many watchers are being told of changes.
    public var watcherCount: Int { ring.withLock { $0.watchers.count } }

    /// Stops telling the watcher of `ticket`.
    public func unwatch(_ ticket: Int) {
        _ = ring.withLock { $0.watchers.removeValue(forKey: ticket) }
    }
}
