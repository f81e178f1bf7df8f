import Clocks

// The sprite and date-range values' times as they were spelled before they became types:
// milliseconds into the asset and milliseconds since 1970. They forward to the typed ones.

extension SpriteImage {
    /// ``start`` in whole milliseconds.
    @available(*, deprecated, renamed: "start", message: "start is a Duration; .wholeMilliseconds reads it in milliseconds")
    public var startMs: Int64 {
        get { start.wholeMilliseconds }
        set { start = .milliseconds(newValue) }
    }

    /// ``end`` in whole milliseconds.
    @available(*, deprecated, renamed: "end", message: "end is a Duration; .wholeMilliseconds reads it in milliseconds")
    public var endMs: Int64 {
        get { end.wholeMilliseconds }
        set { end = .milliseconds(newValue) }
    }
}

extension DateRangeMetadata {
    /// ``start`` in milliseconds since 1970.
    @available(*, deprecated, renamed: "start", message: "start is a WallTime; .millisecondsSince1970 reads it in milliseconds")
    public var startMs: Int64 {
        get { start.millisecondsSince1970 }
        set { start = WallTime(millisecondsSince1970: newValue) }
    }

    /// ``end`` in milliseconds since 1970.
    @available(*, deprecated, renamed: "end", message: "end is a WallTime; .millisecondsSince1970 reads it in milliseconds")
    public var endMs: Int64? {
        get { end?.millisecondsSince1970 }
        set { end = newValue.map(WallTime.init(millisecondsSince1970:)) }
    }
}
