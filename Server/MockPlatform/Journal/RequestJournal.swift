import Synchronization

/// The last `capacity` requests the platform answered, oldest dropped first.
///
/// Recording is one short critical section (store into a ring slot), so keeping a journal costs
/// every request about the same whether it is empty or full.
public final class RequestJournal: Sendable {
    private struct Ring {
        var slots: [JournalEntry?]
        /// Where the next entry goes.
        var next = 0
        var count = 0
        var lastId = 0
    }

    /// The request headers the journal keeps (the Bearer token is kept as `accountId` instead).
    /// `X-Adobe-Primetime-MediaToken` is what `startPlayback(…, adobePrimetimeToken:)` sends with a play request.
    public static let recordedHeaders = [
        "Content-Type", "Accept", "User-Agent", "Range", "X-Mock-Country", "Origin", "X-Adobe-Primetime-MediaToken"
    ]

    /// How many entries it keeps.
    public let capacity: Int
    private let ring: Mutex<Ring>

    /// An empty journal keeping at most `capacity` (at least 1) entries.
    public init(capacity: Int = 10_000) {
        self.capacity = max(1, capacity)
        ring = Mutex(Ring(slots: Array(repeating: nil, count: max(1, capacity))))
    }

    /// Stores an entry, giving it the next id; drops the oldest when full.
    func record(_ makeEntry: (_ id: Int) -> JournalEntry) {
        // The displaced entry comes out of the lock, so freeing its strings holds up no other request.
        _ = ring.withLock { ring in
            ring.lastId += 1
            var entry: JournalEntry? = makeEntry(ring.lastId)
            swap(&ring.slots[ring.next], &entry)
            ring.next = (ring.next + 1) % ring.slots.count
            ring.count = min(ring.count + 1, ring.slots.count)
            return entry
        }
    }

    /// The entries matching `filter`, oldest first.
    public func entries(matching filter: JournalFilter = JournalFilter()) -> [JournalEntry] {
        let all: [JournalEntry] = ring.withLock { ring in
            let start = (ring.next - ring.count + ring.slots.count) % ring.slots.count
            return (0..<ring.count).compactMap { ring.slots[(start + $0) % ring.slots.count] }
        }
        let matching = all.filter(filter.matches)
        guard let limit = filter.limit else { return matching }
        return Array(matching.suffix(max(0, limit)))
    }

    /// How many requests were recorded since the last `removeAll`, including dropped ones.
    public var totalRecorded: Int { ring.withLock { $0.lastId } }

    /// Forgets every entry and restarts ids from 1.
    public func removeAll() {
        ring.withLock { $0 = Ring(slots: Array(repeating: nil, count: $0.slots.count)) }
    }
}
