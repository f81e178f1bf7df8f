import Exposure

// The modelled network's members as they were spelled before its times became types: latency
// in milliseconds, instants in milliseconds since 1970. They forward to the typed forms.

extension ModelledNetwork.Conditions {
    /// Conditions whose latency is given in milliseconds.
    @available(*, deprecated, renamed: "init(bandwidthBitsPerSecond:latency:)", message: "give the latency as a Duration")
    public init(bandwidthBitsPerSecond: Int, latencyMs: Int64) {
        self.init(bandwidthBitsPerSecond: bandwidthBitsPerSecond, latency: .milliseconds(latencyMs))
    }

    /// ``latency`` in whole milliseconds.
    @available(*, deprecated, renamed: "latency", message: "latency is a Duration; .wholeMilliseconds reads it in milliseconds")
    public var latencyMs: Int64 {
        get { latency.wholeMilliseconds }
        set { latency = .milliseconds(newValue) }
    }
}

extension ModelledNetwork {
    /// Changes the conditions from `instantMs` (milliseconds since 1970) on, now when nil.
    @available(*, deprecated, renamed: "set(_:from:)", message: "give the instant as a WallTime")
    public func set(_ conditions: Conditions, fromMs instantMs: Int64?) {
        set(conditions, from: instantMs.map(WallTime.init(millisecondsSince1970:)))
    }

    /// The conditions at `instantMs`, milliseconds since 1970.
    @available(*, deprecated, renamed: "conditions(at:)", message: "give the instant as a WallTime")
    public func conditions(atMs instantMs: Int64) -> Conditions { conditions(at: WallTime(millisecondsSince1970: instantMs)) }
}
