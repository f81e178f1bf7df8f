import Clocks

// The fault types' initializers and properties as they were spelled before their lengths of time
// became `Duration`s: whole milliseconds under `…Ms` names. They forward to the `Duration` forms;
// reading one gives the `Duration`'s whole milliseconds (``Swift/Duration/wholeMilliseconds``).

extension FaultRule {
    /// A rule whose delay is given in whole milliseconds.
    @available(
        *, deprecated,
        renamed:
            "init(method:path:query:headers:status:message:body:delay:drop:truncateAfterBytes:bytesPerSecond:after:times:name:priority:probability:corrupt:contentType:stream:playlist:network:)",
        message: "give the delay as a Duration, e.g. .milliseconds(n)"
    )
    public init(
        method: String? = nil, path: String? = nil, query: [String: String]? = nil, headers: [String: String]? = nil,
        status: Int? = nil, message: String? = nil, body: String? = nil, delayMs: Int?, drop: Bool? = nil,
        truncateAfterBytes: Int? = nil, bytesPerSecond: Int? = nil, after: Int? = nil, times: Int? = nil,
        name: String? = nil, priority: Int? = nil, probability: Double? = nil, corrupt: Bool? = nil, contentType: String? = nil,
        stream: StreamTarget? = nil, playlist: PlaylistFault? = nil, network: NetworkSchedule? = nil
    ) {
        self.init(
            method: method, path: path, query: query, headers: headers, status: status, message: message, body: body,
            delay: delayMs.map { .milliseconds($0) }, drop: drop, truncateAfterBytes: truncateAfterBytes,
            bytesPerSecond: bytesPerSecond, after: after, times: times, name: name, priority: priority, probability: probability,
            corrupt: corrupt, contentType: contentType, stream: stream, playlist: playlist, network: network)
    }

    /// ``delay`` in whole milliseconds.
    @available(*, deprecated, renamed: "delay", message: "delay is a Duration, e.g. .milliseconds(n)")
    public var delayMs: Int? {
        get { delay.map { Int(clamping: $0.wholeMilliseconds) } }
        set { delay = newValue.map { .milliseconds($0) } }
    }
}

extension PlaylistFault {
    /// A change whose stale time is given in whole milliseconds.
    @available(
        *, deprecated, renamed: "init(staleFor:sequenceJump:gap:removeSegment:targetDuration:)",
        message: "give staleFor as a Duration, e.g. .milliseconds(n)"
    )
    public init(staleForMs: Int?, sequenceJump: Int? = nil, gap: Bool? = nil, removeSegment: Bool? = nil, targetDuration: Int? = nil) {
        self.init(
            staleFor: staleForMs.map { .milliseconds($0) }, sequenceJump: sequenceJump, gap: gap, removeSegment: removeSegment,
            targetDuration: targetDuration)
    }

    /// ``staleFor`` in whole milliseconds.
    @available(*, deprecated, renamed: "staleFor", message: "staleFor is a Duration, e.g. .milliseconds(n)")
    public var staleForMs: Int? {
        get { staleFor.map { Int(clamping: $0.wholeMilliseconds) } }
        set { staleFor = newValue.map { .milliseconds($0) } }
    }
}

extension NetworkSchedule.Step {
    /// A step whose duration and latency are given in whole milliseconds.
    @available(
        *, deprecated, renamed: "init(duration:kbps:latency:)", message: "give duration and latency as Durations, e.g. .milliseconds(n)"
    )
    public init(durationMs: Int, kbps: Int, latencyMs: Int? = nil) {
        self.init(duration: .milliseconds(durationMs), kbps: kbps, latency: latencyMs.map { .milliseconds($0) })
    }

    /// ``duration`` in whole milliseconds.
    @available(*, deprecated, renamed: "duration", message: "duration is a Duration, e.g. .milliseconds(n)")
    public var durationMs: Int {
        get { Int(clamping: duration.wholeMilliseconds) }
        set { duration = .milliseconds(newValue) }
    }

    /// ``latency`` in whole milliseconds.
    @available(*, deprecated, renamed: "latency", message: "latency is a Duration, e.g. .milliseconds(n)")
    public var latencyMs: Int? {
        get { latency.map { Int(clamping: $0.wholeMilliseconds) } }
        set { latency = newValue.map { .milliseconds($0) } }
    }
}
