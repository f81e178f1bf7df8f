import Clocks

// The admin clock's offset as it was spelled before it became a `Duration`: whole
// milliseconds, under its wire name. It forwards to the typed one.

extension ClockState {
    /// A clock reading whose offset is given in milliseconds.
    @available(*, deprecated, renamed: "init(now:offset:rate:)", message: "give the offset as a Duration")
    public init(now: String, offsetMs: Int64, rate: Double) {
        self.init(now: now, offset: .milliseconds(offsetMs), rate: rate)
    }

    /// ``offset`` in whole milliseconds.
    @available(*, deprecated, renamed: "offset", message: "offset is a Duration")
    public var offsetMs: Int64 {
        get { offset.wholeMilliseconds }
        set { offset = .milliseconds(newValue) }
    }
}

extension ClockUpdate {
    /// An update whose offset is given in milliseconds.
    @available(*, deprecated, renamed: "init(offset:now:rate:)", message: "give the offset as a Duration")
    public init(offsetMs: Int64?, now: String? = nil, rate: Double? = nil) {
        self.init(offset: offsetMs.map { .milliseconds($0) }, now: now, rate: rate)
    }

    /// ``offset`` in whole milliseconds.
    @available(*, deprecated, renamed: "offset", message: "offset is a Duration")
    public var offsetMs: Int64? {
        get { offset?.wholeMilliseconds }
        set { offset = newValue.map { .milliseconds($0) } }
    }
}
