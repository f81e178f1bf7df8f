import Clocks

// The platform clock's offset and instants as they were spelled before they became types:
// milliseconds, and milliseconds since 1970. They forward to the typed ones.

extension PlatformClock {
    /// ``offset()`` in whole milliseconds.
    @available(*, deprecated, renamed: "offset()", message: "the offset is a Duration")
    public func offsetMs() -> Int64 { offset().wholeMilliseconds }

    /// Moves platform time to `instantMs`, milliseconds since 1970.
    @available(*, deprecated, renamed: "set(now:rate:)", message: "give the instant as a WallTime")
    public func set(nowMs instantMs: Int64, rate: Double? = nil) {
        set(now: WallTime(millisecondsSince1970: instantMs), rate: rate)
    }

    /// Sets platform time to real time plus `offsetMs` milliseconds.
    @available(*, deprecated, renamed: "set(offset:rate:)", message: "give the offset as a Duration")
    public func set(offsetMs: Int64, rate: Double? = nil) { set(offset: .milliseconds(offsetMs), rate: rate) }
}
