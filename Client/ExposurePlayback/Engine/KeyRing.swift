import Foundation

/// The AES-128 keys the engine has fetched, by key URL (one per key period of a live stream,
/// one for a VOD): the most recent few, so a rotating live stream does not collect them for
/// hours and a seek back into an earlier period fetches its key again.
package struct KeyRing: Sendable, Equatable {
    /// How many keys are kept: the playing period's, the next one's, and a few to seek back to.
    package static let capacity = 8

    private var keys: [URL: [UInt8]] = [:]
    /// Oldest first.
    private var order: [URL] = []

    /// A ring with no keys.
    package init() {}

    /// The key fetched from `url`, if kept.
    package func key(at url: URL) -> [UInt8]? { keys[url] }

    /// Keeps `key`, fetched from `url`, dropping the oldest past ``capacity``.
    package mutating func store(_ key: [UInt8], at url: URL) {
        if keys.updateValue(key, forKey: url) == nil { order.append(url) }
        while order.count > Self.capacity { keys[order.removeFirst()] = nil }
    }
}
