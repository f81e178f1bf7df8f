import Clocks

/// The playlists' date codec as it was named before both sides shared one: each call forwards to
/// Clocks' ``Clocks/ISO8601``, which reads the same forms and the leap second 60 too.
@available(*, deprecated, message: "Clocks' ISO8601 is the one codec of instants as text")
public enum ISO8601Millis {
    /// `yyyy-MM-ddTHH:mm:ss.SSSZ` (UTC) for milliseconds since 1970.
    @available(*, deprecated, renamed: "ISO8601.string(fromMilliseconds:)")
    public static func format(_ millisecondsSince1970: Int64) -> String { ISO8601.string(fromMilliseconds: millisecondsSince1970) }

    /// Appends `yyyy-MM-ddTHH:mm:ss.SSSZ` (UTC) for the instant to `bytes`.
    @available(*, deprecated, renamed: "ISO8601.append(_:to:)")
    public static func append(_ millisecondsSince1970: Int64, to bytes: inout [UInt8]) {
        ISO8601.append(millisecondsSince1970, to: &bytes)
    }

    /// Milliseconds since 1970 of an instant such as `2024-02-29T23:59:59.5+01:00`, nil when the
    /// text is not one.
    @available(*, deprecated, message: "ISO8601.parse(_:) returns the reading: use its millisecondsSince1970")
    public static func parse(_ text: String) -> Int64? { ISO8601.parse(text)?.millisecondsSince1970 }

    /// Milliseconds since 1970 of an instant in UTF-8 bytes, nil when they are not one.
    @available(*, deprecated, message: "ISO8601.parse(_:) returns the reading: use its millisecondsSince1970")
    public static func parse(_ bytes: some Collection<UInt8>) -> Int64? { ISO8601.parse(bytes)?.millisecondsSince1970 }
}
