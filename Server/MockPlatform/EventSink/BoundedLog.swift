/// Records kept oldest first within a count and a byte budget: appending past either drops the
/// oldest records and hands them back. What a record costs is the caller's estimate of the memory
/// it holds, given once when it is appended.
struct BoundedLog<Element> {
    /// At most this many records.
    let capacity: Int
    /// At most this many bytes of records, as estimated when they were appended.
    let byteCapacity: Int
    private(set) var elements: [Element] = []
    private var sizes: [Int] = []
    /// The bytes the records hold now.
    private(set) var bytes = 0

    init(capacity: Int, byteCapacity: Int) {
        self.capacity = max(1, capacity)
        self.byteCapacity = max(1, byteCapacity)
    }

    /// Appends `element`, costing `bytes`, and returns the records dropped to make room, oldest
    /// first. A single record over the byte budget still stays, alone.
    mutating func append(_ element: Element, bytes: Int) -> [Element] {
        append(contentsOf: [element], bytesEach: bytes)
    }

    /// Appends `newElements`, costing `bytesEach` apiece, and returns the records dropped to make
    /// room, oldest first: one shift of the log per batch, not per record.
    mutating func append(contentsOf newElements: [Element], bytesEach: Int) -> [Element] {
        elements.append(contentsOf: newElements)
        sizes.append(contentsOf: repeatElement(bytesEach, count: newElements.count))
        bytes += bytesEach * newElements.count
        var dropCount = 0
        var dropBytes = 0
        while elements.count - dropCount > capacity || (bytes - dropBytes > byteCapacity && elements.count - dropCount > 1) {
            dropBytes += sizes[dropCount]
            dropCount += 1
        }
        guard dropCount > 0 else { return [] }
        let dropped = Array(elements.prefix(dropCount))
        elements.removeFirst(dropCount)
        sizes.removeFirst(dropCount)
        bytes -= dropBytes
        return dropped
    }
}
