import Clocks

// The journal's times as they were spelled before they became types: the arrival and the
// filter's `since` in milliseconds since 1970, the wait in milliseconds with their fraction.
// They forward to the typed ones.

extension JournalEntry {
    /// An entry whose arrival is given in milliseconds since 1970 and whose wait in milliseconds.
    @available(
        *, deprecated,
        renamed: "init(id:time:method:path:query:headers:requestBytes:status:responseBytes:duration:accountId:faultId:delivery:requestId:)",
        message: "give the arrival as a WallTime and the wait as a Duration"
    )
    public init(
        id: Int, timeMs: Int64, method: String, path: String, query: String, headers: [String: String],
        requestBytes: Int, status: Int?, responseBytes: Int, durationMs: Double, accountId: String?,
        faultId: String?, delivery: String, requestId: String? = nil
    ) {
        self.init(
            id: id, time: WallTime(millisecondsSince1970: timeMs), method: method, path: path, query: query, headers: headers,
            requestBytes: requestBytes, status: status, responseBytes: responseBytes, duration: .milliseconds(durationMs),
            accountId: accountId, faultId: faultId, delivery: delivery, requestId: requestId)
    }

    /// ``time`` in milliseconds since 1970.
    @available(*, deprecated, renamed: "time", message: "time is a WallTime")
    public var timeMs: Int64 {
        get { time.millisecondsSince1970 }
        set { time = WallTime(millisecondsSince1970: newValue) }
    }

    /// ``duration`` in milliseconds with their fraction.
    @available(*, deprecated, renamed: "duration", message: "duration is a Duration")
    public var durationMs: Double {
        get { duration.fractionalMilliseconds }
        set { duration = .nearestNanosecond(milliseconds: newValue) }
    }
}

extension JournalFilter {
    /// A filter whose `since` is given in milliseconds since 1970.
    @available(*, deprecated, renamed: "init(pathPrefix:since:accountId:method:limit:)", message: "give since as a WallTime")
    public init(pathPrefix: String? = nil, sinceMs: Int64?, accountId: String? = nil, method: String? = nil, limit: Int? = nil) {
        self.init(
            pathPrefix: pathPrefix, since: sinceMs.map(WallTime.init(millisecondsSince1970:)), accountId: accountId, method: method,
            limit: limit)
    }

    /// ``since`` in milliseconds since 1970.
    @available(*, deprecated, renamed: "since", message: "since is a WallTime")
    public var sinceMs: Int64? {
        get { since?.millisecondsSince1970 }
        set { since = newValue.map(WallTime.init(millisecondsSince1970:)) }
    }
}
