// The virtual clock's instants and steps as they were spelled before they became types:
// milliseconds since 1970 and whole milliseconds. They forward to the typed ones.

extension VirtualClock {
    /// A clock reading `startMs`, milliseconds since 1970, with its horizon at `horizonMs`.
    @available(*, deprecated, renamed: "init(start:horizon:)", message: "give the instants as WallTimes")
    public convenience init(startMs: Int64, horizonMs: Int64 = .max) {
        self.init(start: WallTime(millisecondsSince1970: startMs), horizon: WallTime(millisecondsSince1970: horizonMs))
    }

    /// ``horizon`` in milliseconds since 1970.
    @available(*, deprecated, renamed: "horizon", message: "horizon is a WallTime")
    public var horizonMs: Int64 { horizon.millisecondsSince1970 }

    /// Moves the horizon to `instantMs`, milliseconds since 1970.
    @available(*, deprecated, renamed: "advance(to:)", message: "give the instant as a WallTime")
    public func advance(to instantMs: Int64) { advance(to: WallTime(millisecondsSince1970: instantMs)) }

    /// Moves the horizon `milliseconds` on.
    @available(*, deprecated, renamed: "advance(by:)", message: "give the step as a Duration")
    public func advance(by milliseconds: Int64) { advance(by: .milliseconds(milliseconds)) }
}
