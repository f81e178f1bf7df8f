/// An instant on the wire: a ``WallTime`` in Swift, a whole number of milliseconds since 1970
/// in JSON.
///
/// The instant's counterpart of ``WireMilliseconds``: a model stores a field it sends as `…Ms`
/// (an instant) as this type under that wire name, so its `Codable` stays synthesized, and
/// shows it to Swift as a `WallTime`. Reading takes an integer only.
package struct WireWallTime: Codable, Sendable, Hashable {
    /// The instant.
    package var instant: WallTime

    /// `instant`, to be sent as milliseconds since 1970.
    package init(_ instant: WallTime) { self.instant = instant }

    /// Reads a whole number of milliseconds since 1970.
    package init(from decoder: any Decoder) throws {
        instant = WallTime(millisecondsSince1970: try decoder.singleValueContainer().decode(Int64.self))
    }

    /// Writes ``instant``'s milliseconds since 1970.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(instant.millisecondsSince1970)
    }
}
