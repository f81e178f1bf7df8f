/// Records kept oldest first within a count and a byte budget: appending past either drops the
/// oldest records and hands them back, so the caller can free them outside its lock. What a
/// record costs is the caller's estimate of the memory it holds (see ``HeapCost``), given once
/// when it is appended.
///
/// A ring that grows by doubling up to `capacity`: dropping the oldest costs the same however
/// many records are kept (an array shifted every record left at each drop, 5 MB per batch at
/// 50,000 events).
struct BoundedLog<Element: Sendable>: Sendable {
    /// At most this many records.
    let capacity: Int
    /// At most this many bytes of records, as estimated when they were appended.
    let byteCapacity: Int
    private var slots: [(element: Element, bytes: Int)?] = []
    /// Where the oldest record is.
    private var oldest = 0
    /// How many records it holds.
    private(set) var count = 0
    /// The bytes the records hold now.
    private(set) var bytes = 0

    init(capacity: Int, byteCapacity: Int) {
        self.capacity = max(1, capacity)
        self.byteCapacity = max(1, byteCapacity)
    }

    /// The records, oldest first.
    var elements: [Element] { (0..<count).compactMap { slots[(oldest + $0) % slots.count]?.element } }

    /// Appends `element`, costing `bytes`, and returns the records dropped to make room, oldest
    /// first. A single record over the byte budget still stays, alone.
    mutating func append(_ element: Element, bytes: Int) -> [Element] {
        append(contentsOf: [(element, bytes)])
    }

    /// Appends `newElements` with what each costs and returns the records dropped to make room,
    /// oldest first.
    mutating func append(contentsOf newElements: [(element: Element, bytes: Int)]) -> [Element] {
        var dropped: [Element] = []
        for (element, size) in newElements {
            if count == capacity { dropped.append(removeOldest()) }
            if count == slots.count { grow() }
            slots[(oldest + count) % slots.count] = (element, size)
            count += 1
            bytes += size
            while bytes > byteCapacity, count > 1 { dropped.append(removeOldest()) }
        }
        return dropped
    }

    private mutating func removeOldest() -> Element {
        guard let slot = slots[oldest].take() else { preconditionFailure("a ring slot within count is empty") }
        oldest = (oldest + 1) % slots.count
        count -= 1
        bytes -= slot.bytes
        return slot.element
    }

    /// Twice the slots (at least 16, at most `capacity`), the records moved to the front in order.
    private mutating func grow() {
        var grown = [(element: Element, bytes: Int)?](repeating: nil, count: min(capacity, max(16, 2 * slots.count)))
        for index in 0..<count { grown[index] = slots[(oldest + index) % slots.count] }
        slots = grown
        oldest = 0
    }
}
