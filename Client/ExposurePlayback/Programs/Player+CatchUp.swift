import Exposure

/// Program-based navigation across entitlements, as the official SDK's context does it: a seek
/// before a channel's seekable window plays the program on air then as catch-up (entitled anew:
/// `onEntitlementResponse`, `onProgramChanged`, or `NOT_ENTITLED` as the playback's error), and
/// going live from a catch-up program plays its channel again.
extension Player {
    /// Fetches the program at the playhead from the EPG (loading it around the playhead when
    /// needed); nil and no error when nothing plays or the playback has no EPG.
    public func currentProgram(callback: @escaping @Sendable (Program?, ExposureError?) -> Void) {
        guard let programs = session?.programs, let time = playheadWallTime else { return callback(nil, nil) }
        Task {
            do throws(ExposureError) {
                try await programs.load(around: time)
                callback(programs.program(at: time), nil)
            } catch {
                callback(nil, error)
            }
        }
    }

    /// When `time` lies before the seekable window of the channel being played, starts the
    /// program on air at `time` as catch-up from that time and returns true; a rewind the
    /// contract forbids is refused (`rewindDisabled`), a time with no program is `noProgram`.
    func startCatchUp(at time: WallTime) -> Bool {
        guard let session, let source = session.source, source.streamKind == .liveChannel || source.streamKind == .liveProgram,
            let channelId = source.entitlement.streamInfo?.channelId, let programs = session.programs,
            let window = status.seekableTimeRange, time < window.lowerBound
        else { return false }
        guard source.contractRestrictions.canRewind else {
            session.warn(.rewindDisabled)
            return true
        }
        Task {
            if let warning = await programs.ensureLoaded(around: time) { session.warn(warning) }
            guard let program = programs.program(at: time) else { return session.warn(.noProgram) }
            // Another playback began while the EPG was asked: it wins.
            guard self.session === session else { return }
            let catchUp = ProgramPlayable(
                programId: program.programId, channelId: channelId, assetId: program.asset?.assetId ?? program.assetId)
            _ = start(session.request.replacing(playable: catchUp, playFrom: .customTime(time: time.millisecondsSince1970)))
        }
        return true
    }

    /// When a catch-up program is playing, starts its channel at the live edge (a new
    /// entitlement) and returns true.
    func returnToChannel() -> Bool {
        guard let session, let source = session.source, source.streamKind == .catchup,
            let channelId = source.entitlement.streamInfo?.channelId ?? (session.request.playable as? ProgramPlayable)?.channelId
        else { return false }
        _ = start(session.request.replacing(playable: AssetPlayable(assetId: channelId), playFrom: .defaultBehavior))
        return true
    }
}
