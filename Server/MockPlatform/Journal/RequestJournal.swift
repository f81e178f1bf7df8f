import Synchronization

/// The last `capacity` requests the platform answered, within `byteCapacity` bytes of entries,
/// oldest dropped first.
///
/// Recording is one short critical section (store into a ring slot), so keeping a journal costs
/// every request about the same whether it is empty or full.
public final class RequestJournal: Sendable {
    private struct Log {
        var entries: BoundedLog<JournalEntry>
        var lastId = 0
    }

    /// The request headers the journal keeps (the Bearer token is kept as `accountId` instead).
    /// `X-Adobe-Primetime-MediaToken` is what `startPlayback(…, adobePrimetimeToken:)` sends with a play request.
    public static let recordedHeaders = [
        "Content-Type", "Accept", "User-Agent", "Range", "X-Mock-Country", "Origin", "X-Adobe-Primetime-MediaToken"
    ]

    /// How many entries it keeps.
    public let capacity: Int
    /// How many bytes of entries it keeps (`JournalEntry.heldBytes`); the newest entry stays even alone over it.
    public let byteCapacity: Int
    private let log: Mutex<Log>

    /// An empty journal keeping at most `capacity` (at least 1) entries of at most `byteCapacity` bytes in all.
    public init(capacity: Int = 10_000, byteCapacity: Int = 32 << 20) {
        self.capacity = max(1, capacity)
        self.byteCapacity = max(1, byteCapacity)
        log = Mutex(Log(entries: BoundedLog(capacity: capacity, byteCapacity: byteCapacity)))
    }

    /// Stores an entry, giving it the next id; drops the oldest when full or over the byte budget.
    func record(_ makeEntry: (_ id: Int) -> JournalEntry) {
        // Displaced entries come out of the lock, so freeing their strings holds up no other request.
        _ = log.withLock { log in
            log.lastId += 1
            let entry = makeEntry(log.lastId)
            return log.entries.append(entry, bytes: entry.heldBytes)
        }
    }

    /// What it keeps now against its bounds.
    public var usage: StoreUsage { log.withLock { StoreUsage($0.entries) } }

    /// The entries matching `filter`, oldest first.
    public func entries(matching filter: JournalFilter = JournalFilter()) -> [JournalEntry] {
        let matching = log.withLock { $0.entries.elements }.filter(filter.matches)
        guard let limit = filter.limit else { return matching }
        return Array(matching.suffix(max(0, limit)))
    }

    /// How many requests were recorded since the last `removeAll`, including dropped ones.
    public var totalRecorded: Int { log.withLock { $0.lastId } }

    /// Forgets every entry and restarts ids from 1.
    public func removeAll() {
        _ = log.withLock { log in
            defer { log = Log(entries: BoundedLog(capacity: capacity, byteCapacity: byteCapacity)) }
            return log.entries
        }
    }
}
