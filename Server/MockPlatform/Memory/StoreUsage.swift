/// What one of the mock's bounded stores keeps now against its bounds (`GET /_mock/health`'s
/// `memory`): records and the bytes they hold (``HeapCost`` estimates).
public struct StoreUsage: Codable, Sendable, Equatable {
    /// Records kept.
    public var kept: Int
    /// The bytes they hold, estimated.
    public var bytes: Int
    /// Records it keeps at most.
    public var maxKept: Int
    /// Bytes it keeps at most (the newest record stays even alone over it).
    public var maxBytes: Int

    /// A usage.
    public init(kept: Int, bytes: Int, maxKept: Int, maxBytes: Int) {
        self.kept = kept
        self.bytes = bytes
        self.maxKept = maxKept
        self.maxBytes = maxBytes
    }

    init<Element>(_ log: BoundedLog<Element>) {
        self.init(kept: log.count, bytes: log.bytes, maxKept: log.capacity, maxBytes: log.byteCapacity)
    }
}
