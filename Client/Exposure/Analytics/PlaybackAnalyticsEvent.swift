import ExposureModels

/// One thing that happened in a playback, as the EventSink names it (`Playback.Started`, …),
/// with the fields of its own. The common fields (device, app, analytics bucket …), the
/// `Timestamp`, `OffsetTime` and `SequenceNumber` are added when it is recorded.
public enum PlaybackAnalyticsEvent: Sendable, Equatable {
    /// `Playback.Created`: the first event of every play session.
    case created(autoPlay: Bool, playMode: PlayMode, target: Target)
    /// `Playback.HandshakeStarted`: the entitlement request went out.
    case handshakeStarted(target: Target)
    /// `Playback.PlayerReady`: the stream is loaded.
    case playerReady
    /// `Playback.Started`: the first frame played.
    case started(mediaLocator: String, videoLengthMs: Int64?, bitrateKbps: Int?)
    /// `Playback.Paused`.
    case paused
    /// `Playback.Resumed`.
    case resumed
    /// `Playback.ScrubbedTo`: a seek ended at the event's offset.
    case scrubbedTo
    /// `Playback.BufferingStarted`.
    case bufferingStarted
    /// `Playback.BufferingEnded`.
    case bufferingEnded
    /// `Playback.BitrateChanged`.
    case bitrateChanged(bitrateKbps: Int)
    /// `Playback.ProgramChanged`: a live or catch-up playhead crossed into another program.
    case programChanged(programId: String, programAssetId: String?, videoLengthMs: Int64?)
    /// `Playback.Heartbeat`: sent by the reporter itself when nothing else happened for a post interval.
    case heartbeat
    /// `Playback.AdStarted`.
    case adStarted(adMediaId: String)
    /// `Playback.AdCompleted`.
    case adCompleted(adMediaId: String)
    /// `Playback.AdFailed`.
    case adFailed(adMediaId: String)
    /// `Playback.Error`: ends the session.
    case error(message: String, code: Int, info: String?, details: String?)
    /// `Playback.Completed`: the end of the content; ends the session.
    case completed
    /// `Playback.Aborted`: stopped before the end; ends the session.
    case aborted

    /// `PlayMode`: what kind of playback reports.
    public enum PlayMode: String, Sendable, Equatable {
        /// Video on demand and catch-up.
        case vod
        /// A live channel or event.
        case live
        /// A downloaded asset played without the network.
        case offline
    }

    /// What is played: an asset, or a channel (and the program on it).
    public enum Target: Sendable, Equatable {
        /// `AssetId`.
        case asset(id: String)
        /// `ChannelId` and `ProgramId`.
        case channel(id: String, programId: String?)
    }

    /// The `EventType`.
    public var eventType: String {
        switch self {
        case .created: AnalyticsEventType.created
        case .handshakeStarted: AnalyticsEventType.handshakeStarted
        case .playerReady: AnalyticsEventType.playerReady
        case .started: AnalyticsEventType.started
        case .paused: AnalyticsEventType.paused
        case .resumed: AnalyticsEventType.resumed
        case .scrubbedTo: AnalyticsEventType.scrubbedTo
        case .bufferingStarted: AnalyticsEventType.bufferingStarted
        case .bufferingEnded: AnalyticsEventType.bufferingEnded
        case .bitrateChanged: AnalyticsEventType.bitrateChanged
        case .programChanged: AnalyticsEventType.programChanged
        case .heartbeat: AnalyticsEventType.heartbeat
        case .adStarted: AnalyticsEventType.adStarted
        case .adCompleted: AnalyticsEventType.adCompleted
        case .adFailed: AnalyticsEventType.adFailed
        case .error: AnalyticsEventType.error
        case .completed: AnalyticsEventType.completed
        case .aborted: AnalyticsEventType.aborted
        }
    }

    /// Whether it ends the play session (Completed, Aborted, Error).
    public var isTerminal: Bool { AnalyticsEventType.terminal.contains(eventType) }

    /// The fields this event adds to the common ones.
    var ownFields: [String: JSONValue] {
        var fields: [String: JSONValue] = [:]
        switch self {
        case .created(let autoPlay, let playMode, let target):
            fields["AutoPlay"] = .bool(autoPlay)
            fields["PlayMode"] = .string(playMode.rawValue)
            fields.merge(target.fields) { $1 }
        case .handshakeStarted(let target):
            fields.merge(target.fields) { $1 }
        case .started(let mediaLocator, let videoLengthMs, let bitrateKbps):
            fields["MediaLocator"] = .string(mediaLocator)
            if let videoLengthMs { fields["VideoLength"] = .integer(videoLengthMs) }
            if let bitrateKbps { fields["Bitrate"] = .integer(Int64(bitrateKbps)) }
        case .bitrateChanged(let bitrateKbps):
            fields["Bitrate"] = .integer(Int64(bitrateKbps))
        case .programChanged(let programId, let programAssetId, let videoLengthMs):
            fields["ProgramId"] = .string(programId)
            if let programAssetId { fields["ProgramAssetId"] = .string(programAssetId) }
            if let videoLengthMs { fields["VideoLength"] = .integer(videoLengthMs) }
        case .adStarted(let id), .adCompleted(let id), .adFailed(let id):
            fields["AdMediaId"] = .string(id)
        case .error(let message, let code, let info, let details):
            fields["Message"] = .string(message)
            fields["Code"] = .integer(Int64(code))
            if let info { fields["Info"] = .string(info) }
            if let details { fields["Details"] = .string(details) }
        case .playerReady, .paused, .resumed, .scrubbedTo, .bufferingStarted, .bufferingEnded, .heartbeat, .completed, .aborted:
            break
        }
        return fields
    }
}

extension PlaybackAnalyticsEvent.Target {
    var fields: [String: JSONValue] {
        switch self {
        case .asset(let id): ["AssetId": .string(id)]
        case .channel(let id, let programId): ["ChannelId": .string(id)].merging(programId.map { ["ProgramId": .string($0)] } ?? [:]) { $1 }
        }
    }
}
