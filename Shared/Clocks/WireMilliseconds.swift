/// A length of time on the wire: a `Duration` in Swift, a whole number of milliseconds in JSON.
///
/// A model stores a field it sends as `…Ms` as this type under that wire name, so its `Codable`
/// stays synthesized, and shows it to Swift as a `Duration`. Writing rounds by
/// ``Swift/Duration/wholeMilliseconds``; reading takes an integer only (`1.5` is not a wire value).
package struct WireMilliseconds: Codable, Sendable, Hashable {
    /// The length of time.
    package var duration: Duration

    /// `duration`, to be sent as whole milliseconds.
    package init(_ duration: Duration) { self.duration = duration }

    /// Reads a whole number of milliseconds.
    package init(from decoder: any Decoder) throws {
        duration = .milliseconds(try decoder.singleValueContainer().decode(Int64.self))
    }

    /// Writes the whole milliseconds of ``duration``.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(duration.wholeMilliseconds)
    }
}
