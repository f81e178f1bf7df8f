import Clocks

// The download record's time as it was spelled before it became a `WallTime`: milliseconds
// since 1970, under its wire name. It forwards to the typed one.

extension DownloadRecord {
    /// A record whose time is given in milliseconds since 1970.
    @available(*, deprecated, renamed: "init(accountId:assetId:kind:deviceId:time:)", message: "give the time as a WallTime")
    public init(accountId: String, assetId: String, kind: Kind, deviceId: String?, timeMs: Int64) {
        self.init(accountId: accountId, assetId: assetId, kind: kind, deviceId: deviceId, time: WallTime(millisecondsSince1970: timeMs))
    }

    /// ``time`` in milliseconds since 1970.
    @available(*, deprecated, renamed: "time", message: "time is a WallTime")
    public var timeMs: Int64 {
        get { time.millisecondsSince1970 }
        set { time = WallTime(millisecondsSince1970: newValue) }
    }
}
