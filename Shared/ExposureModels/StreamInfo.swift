/// What kind of stream an entitlement is for; clients classify playback by it.
///
/// `event` → a live event (program source); `live && !static` → a live channel or program (the
/// program service runs); `static` → VOD or catch-up.
public struct StreamInfo: Codable, Sendable, Equatable {
    /// A live stream.
    public var live: Bool?
    /// A fixed-length stream (VOD, catch-up).
    public var `static`: Bool?
    /// A live event.
    public var event: Bool?
    /// Server-side ads are stitched in.
    public var ssai: Bool?
    /// The stream's start, epoch **seconds**.
    public var start: Int64?
    /// The stream's end, epoch **seconds**.
    public var end: Int64?
    /// The channel, for live and catch-up.
    public var channelId: String?
    /// The program, for catch-up and live programs.
    public var programId: String?

    /// Stream information.
    public init(
        live: Bool? = nil, static: Bool? = nil, event: Bool? = nil, ssai: Bool? = nil, start: Int64? = nil,
        end: Int64? = nil, channelId: String? = nil, programId: String? = nil
    ) {
        self.live = live
        self.static = `static`
        self.event = event
        self.ssai = ssai
        self.start = start
        self.end = end
        self.channelId = channelId
        self.programId = programId
    }

    /// How a client treats this stream.
    public var kind: StreamKind {
        if event == true { return .liveEvent }
        if live == true && `static` != true { return programId == nil ? .liveChannel : .liveProgram }
        if channelId != nil && programId != nil { return .catchup }
        return .vod
    }
}

/// The stream kinds the player distinguishes.
public enum StreamKind: String, Codable, Sendable, CaseIterable {
    /// Video on demand.
    case vod
    /// A live channel.
    case liveChannel
    /// A program on a live channel, while it airs.
    case liveProgram
    /// A past program.
    case catchup
    /// A live event.
    case liveEvent
}

/// Where the user stopped last time.
public struct Bookmarks: Codable, Sendable, Equatable {
    /// The last position, ms.
    public var lastViewedOffset: Int64?
    /// When, ms since 1970.
    public var lastViewedTime: Int64?
    /// The wall-clock time watched (live), ms since 1970.
    public var liveTime: Int64?

    /// Bookmarks.
    public init(lastViewedOffset: Int64? = nil, lastViewedTime: Int64? = nil, liveTime: Int64? = nil) {
        self.lastViewedOffset = lastViewedOffset
        self.lastViewedTime = lastViewedTime
        self.liveTime = liveTime
    }
}

/// What the user may do during playback. An absent flag means allowed.
public struct ContractRestrictions: Codable, Sendable, Equatable {
    /// Fast-forward allowed.
    public var ffEnabled: Bool?
    /// Rewind allowed.
    public var rwEnabled: Bool?
    /// Pause and timeshift allowed.
    public var timeshiftEnabled: Bool?
    /// AirPlay allowed.
    public var airplayEnabled: Bool?
    /// The highest bitrate to play, bits/s.
    public var maxBitrate: Int?
    /// The lowest bitrate to play, bits/s.
    public var minBitrate: Int?
    /// The highest resolution to play, pixel rows.
    public var maxResHeight: Int?

    /// Restrictions.
    public init(
        ffEnabled: Bool? = nil, rwEnabled: Bool? = nil, timeshiftEnabled: Bool? = nil, airplayEnabled: Bool? = nil,
        maxBitrate: Int? = nil, minBitrate: Int? = nil, maxResHeight: Int? = nil
    ) {
        self.ffEnabled = ffEnabled
        self.rwEnabled = rwEnabled
        self.timeshiftEnabled = timeshiftEnabled
        self.airplayEnabled = airplayEnabled
        self.maxBitrate = maxBitrate
        self.minBitrate = minBitrate
        self.maxResHeight = maxResHeight
    }

    /// Fast-forward allowed (absent = true).
    public var canFastForward: Bool { ffEnabled ?? true }
    /// Rewind allowed (absent = true).
    public var canRewind: Bool { rwEnabled ?? true }
    /// Pause/timeshift allowed (absent = true).
    public var canTimeshift: Bool { timeshiftEnabled ?? true }
}
