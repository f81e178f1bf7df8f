/// A user's own data attached to an asset.
public struct UserData: Codable, Sendable, Equatable {
    /// Where the user stopped watching.
    public var playHistory: PlayHistory?

    /// User data.
    public init(playHistory: PlayHistory? = nil) { self.playHistory = playHistory }
}

/// Where a user last stopped watching an asset.
public struct PlayHistory: Codable, Sendable, Equatable {
    /// The last position, ms from the start.
    public var lastViewedOffset: Int64?
    /// When it was watched, ms since 1970.
    public var lastViewedTime: Int64?
    /// The program watched, for channels.
    public var programId: String?
    /// The channel watched.
    public var channelId: String?

    /// A play-history entry.
    public init(lastViewedOffset: Int64? = nil, lastViewedTime: Int64? = nil, programId: String? = nil, channelId: String? = nil) {
        self.lastViewedOffset = lastViewedOffset
        self.lastViewedTime = lastViewedTime
        self.programId = programId
        self.channelId = channelId
    }
}

/// One entry of `GET …/userplayhistory/lastviewedoffset`.
public struct LastViewedOffset: Codable, Sendable, Equatable {
    /// The asset.
    public var assetId: String
    /// The last position, ms.
    public var lastViewedOffset: Int64?
    /// When it was watched, ms since 1970.
    public var lastViewedTime: Int64?
    /// The channel, for live.
    public var channelId: String?
    /// The program, for live.
    public var programId: String?
    /// The wall-clock time watched, ms since 1970, for live.
    public var liveTime: Int64?

    /// An entry.
    public init(
        assetId: String, lastViewedOffset: Int64? = nil, lastViewedTime: Int64? = nil,
        channelId: String? = nil, programId: String? = nil, liveTime: Int64? = nil
    ) {
        self.assetId = assetId
        self.lastViewedOffset = lastViewedOffset
        self.lastViewedTime = lastViewedTime
        self.channelId = channelId
        self.programId = programId
        self.liveTime = liveTime
    }
}

/// The answer of `GET …/userplayhistory/lastviewedoffset`.
public struct LastViewedOffsetList: Codable, Sendable, Equatable {
    /// One entry per asset that has a bookmark.
    public var items: [LastViewedOffset]

    /// A list.
    public init(items: [LastViewedOffset]) { self.items = items }
}
