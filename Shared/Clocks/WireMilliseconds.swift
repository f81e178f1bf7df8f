/// A length of time on the wire: a whole number of milliseconds under a JSON key, a `Duration` in
/// Swift. The one place a model's `Duration` field is read from and written to its `…Ms` key
/// (writing rounds by ``Swift/Duration/wholeMilliseconds``).
extension KeyedDecodingContainer {
    /// The duration whose milliseconds are at `key`; nil when the key is absent or null.
    public func decodeMillisecondsIfPresent(forKey key: Key) throws -> Duration? {
        try decodeIfPresent(Int64.self, forKey: key).map { .milliseconds($0) }
    }

    /// The duration whose milliseconds are at `key`.
    public func decodeMilliseconds(forKey key: Key) throws -> Duration {
        .milliseconds(try decode(Int64.self, forKey: key))
    }
}

extension KeyedEncodingContainer {
    /// Writes `duration` as whole milliseconds at `key`; nothing when it is nil.
    public mutating func encodeMillisecondsIfPresent(_ duration: Duration?, forKey key: Key) throws {
        try encodeIfPresent(duration?.wholeMilliseconds, forKey: key)
    }

    /// Writes `duration` as whole milliseconds at `key`.
    public mutating func encodeMilliseconds(_ duration: Duration, forKey key: Key) throws {
        try encode(duration.wholeMilliseconds, forKey: key)
    }
}
