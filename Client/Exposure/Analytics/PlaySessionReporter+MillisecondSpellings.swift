import Clocks

// The reporter's calls as they were spelled before its times became types: a playhead offset
// in milliseconds, and instants in milliseconds since 1970. They forward to the typed forms.

extension PlaySessionReporter {
    /// Records `event` at the current time, with the playhead at `offsetMs` milliseconds.
    @available(*, deprecated, renamed: "record(_:offset:)", message: "give the playhead offset as a Duration")
    public func record(_ event: PlaybackAnalyticsEvent, offsetMs: Int64?) {
        record(event, offset: offsetMs.map { .milliseconds($0) })
    }

    /// ``catchUp()``, returning when to call again in milliseconds since 1970.
    @available(*, deprecated, renamed: "catchUp()", message: "catchUp() returns the wake-up as a WallTime")
    @discardableResult
    public func advance() -> Int64? { catchUp()?.millisecondsSince1970 }

    /// ``nextWake`` in milliseconds since 1970.
    @available(*, deprecated, renamed: "nextWake", message: "nextWake is a WallTime; .millisecondsSince1970 reads it in milliseconds")
    public var nextWakeMs: Int64? { nextWake?.millisecondsSince1970 }
}
