import Foundation

/// A scheduled program on a channel.
public struct Program: Codable, Sendable, Equatable, Identifiable {
    /// The program id.
    public var programId: String
    /// The asset the program shows.
    public var assetId: String
    /// The channel it is on.
    public var channelId: String
    /// When it starts.
    public var startTime: Date?
    /// When it ends.
    public var endTime: Date?
    /// Whether a VOD copy exists.
    public var vodAvailable: Bool?
    /// Whether it can be watched after airing.
    public var catchup: Bool?
    /// Whether catch-up is blocked for it.
    public var catchupBlocked: Bool?
    /// Whether it is blacked out (not shown on this platform).
    public var blackout: Bool?
    /// The program's asset, when expanded.
    public var asset: Asset?

    public var id: String { programId }

    /// A program.
    public init(
        programId: String, assetId: String, channelId: String, startTime: Date? = nil, endTime: Date? = nil,
        vodAvailable: Bool? = nil, catchup: Bool? = nil, catchupBlocked: Bool? = nil, blackout: Bool? = nil,
        asset: Asset? = nil
    ) {
        self.programId = programId
        self.assetId = assetId
        self.channelId = channelId
        self.startTime = startTime
        self.endTime = endTime
        self.vodAvailable = vodAvailable
        self.catchup = catchup
        self.catchupBlocked = catchupBlocked
        self.blackout = blackout
        self.asset = asset
    }

    /// Whether the program is on air at `date` (start inclusive, end exclusive).
    public func isOnAir(at date: Date) -> Bool {
        guard let startTime, let endTime else { return false }
        return startTime <= date && date < endTime
    }
}

/// One channel's programs.
public struct ChannelEpg: Codable, Sendable, Equatable {
    /// The channel.
    public var channelId: String
    /// Its programs, by start time.
    public var programs: [Program]
    /// How many programs matched over all channels and pages.
    public var totalHitsAllChannels: Int?

    /// A channel's EPG.
    public init(channelId: String, programs: [Program], totalHitsAllChannels: Int? = nil) {
        self.channelId = channelId
        self.programs = programs
        self.totalHitsAllChannels = totalHitsAllChannels
    }
}

/// The server's clock, from `GET …/time`.
public struct ServerTime: Codable, Sendable, Equatable {
    /// Milliseconds since 1970.
    public var epochMillis: Int64
    /// The same instant as ISO-8601.
    public var iso8601: String?

    /// A server time.
    public init(epochMillis: Int64, iso8601: String? = nil) {
        self.epochMillis = epochMillis
        self.iso8601 = iso8601
    }
}
