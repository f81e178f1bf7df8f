import Clocks
import ExposureModels

// The recorded events' and beacons' arrival as it was spelled before it became a `WallTime`:
// milliseconds since 1970, under its wire name. It forwards to the typed one.

extension RecordedAnalyticsEvent {
    /// A recorded event whose arrival is given in milliseconds since 1970.
    @available(
        *, deprecated, renamed: "init(received:accountId:sessionId:clockOffset:event:)", message: "give the arrival as a WallTime"
    )
    public init(receivedMs: Int64, accountId: String, sessionId: String, clockOffset: Int64?, event: AnalyticsEvent) {
        self.init(
            received: WallTime(millisecondsSince1970: receivedMs), accountId: accountId, sessionId: sessionId, clockOffset: clockOffset,
            event: event)
    }

    /// ``received`` in milliseconds since 1970.
    @available(*, deprecated, renamed: "received", message: "received is a WallTime")
    public var receivedMs: Int64 {
        get { received.millisecondsSince1970 }
        set { received = WallTime(millisecondsSince1970: newValue) }
    }
}

extension RecordedBeacon {
    /// A recorded beacon whose arrival is given in milliseconds since 1970.
    @available(*, deprecated, renamed: "init(received:playSessionId:clipIndex:event:)", message: "give the arrival as a WallTime")
    public init(receivedMs: Int64, playSessionId: String, clipIndex: Int, event: String) {
        self.init(received: WallTime(millisecondsSince1970: receivedMs), playSessionId: playSessionId, clipIndex: clipIndex, event: event)
    }

    /// ``received`` in milliseconds since 1970.
    @available(*, deprecated, renamed: "received", message: "received is a WallTime")
    public var receivedMs: Int64 {
        get { received.millisecondsSince1970 }
        set { received = WallTime(millisecondsSince1970: newValue) }
    }
}
