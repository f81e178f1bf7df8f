import Clocks

// The log entry's arrival as it was spelled before it became a `WallTime`: milliseconds since
// 1970. It forwards to the typed one.

extension RequestLogEntry {
    /// An entry whose arrival is given in milliseconds since 1970.
    @available(
        *, deprecated, renamed: "init(time:method:path:query:status:bytes:duration:requestId:accountId:faultId:)",
        message: "give the arrival as a WallTime"
    )
    public init(
        timeMs: Int64, method: String, path: String, query: String, status: Int?, bytes: Int, duration: Duration,
        requestId: String?, accountId: String?, faultId: String?
    ) {
        self.init(
            time: WallTime(millisecondsSince1970: timeMs), method: method, path: path, query: query, status: status, bytes: bytes,
            duration: duration, requestId: requestId, accountId: accountId, faultId: faultId)
    }

    /// ``time`` in milliseconds since 1970.
    @available(*, deprecated, renamed: "time", message: "time is a WallTime")
    public var timeMs: Int64 {
        get { time.millisecondsSince1970 }
        set { time = WallTime(millisecondsSince1970: newValue) }
    }
}
