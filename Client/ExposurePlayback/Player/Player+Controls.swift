import Exposure

/// Controls and playback state, with the contract's restrictions enforced: a refused command
/// is a warning, never a silent no-op.
extension Player {
    /// Starts or resumes playback.
    public func play() { session?.play() }

    /// Pauses; refused with `timeshiftDisabled` when the contract forbids timeshift.
    public func pause() { session?.pause() }

    /// Stops playback; `playbackAborted` follows.
    public func stop() { session?.stop() }

    /// Seeks to a position (ms, the official SDK's spelling); forward needs `ffEnabled`, backward `rwEnabled`.
    public func seek(toPosition positionMs: Int64) { session?.seek(to: .milliseconds(positionMs)) }

    /// Seeks to `position` in the stream's time reference: ``seek(toPosition:)`` as a `Duration`.
    public func seek(to position: Duration) { session?.seek(to: position.roundedDownToMilliseconds) }

    /// Seeks to the wall-clock `time`: ``seek(toTime:)`` as a `WallTime`.
    /// On a channel, a time before the seekable window starts the program on air then as a
    /// catch-up playback (``startCatchUp(at:)``).
    public func seek(to time: WallTime) {
        if startCatchUp(at: time) { return }
        session?.seek(to: time)
    }

    /// Seeks to a wall-clock time (ms since 1970, the official SDK's spelling); forward needs `ffEnabled`, backward `rwEnabled`.
    public func seek(toTime timeMs: Int64) { seek(to: WallTime(millisecondsSince1970: timeMs)) }

    /// Jumps to the live edge (a fast-forward as far as the contract is concerned); from a
    /// catch-up program, back to its channel's live edge with a new entitlement.
    public func seekToLive() {
        if returnToChannel() { return }
        session?.seekToLive()
    }

    /// Seeks to the start of the next program in the EPG (`noProgram` warning when there is none).
    public func nextProgram() { session?.jumpToProgram(next: true) ?? publish(.warning(.noProgram), source: nil) }

    /// Seeks to the start of the previous program in the EPG (`noProgram` warning when there is none).
    public func previousProgram() { session?.jumpToProgram(next: false) ?? publish(.warning(.noProgram), source: nil) }

    /// The playhead, ms in the stream's time reference (the official SDK's spelling).
    public var playheadPosition: Int64 { status.playhead.wholeMilliseconds }
    /// The playhead as wall-clock time (ms since 1970, the official SDK's spelling), from PROGRAM-DATE-TIME.
    public var playheadTime: Int64? { status.playheadTime?.millisecondsSince1970 }
    /// The playhead in the stream's time reference: ``playheadPosition`` as a `Duration`.
    public var playheadOffset: Duration { status.playhead }
    /// The playhead as wall-clock time: ``playheadTime`` as a `WallTime`.
    public var playheadWallTime: WallTime? { status.playheadTime }
    /// Positions reachable without a new play request, ms (the official SDK's spelling).
    public var seekableRange: ClosedRange<Int64> { status.seekableRange.inWholeMilliseconds }
    /// The same as wall-clock times, ms since 1970.
    public var seekableTimeRange: ClosedRange<Int64>? { status.seekableTimeRange?.inMillisecondsSince1970 }
    /// Positions reachable without fetching, ms.
    public var bufferedRange: ClosedRange<Int64> { status.bufferedRange.inWholeMilliseconds }
    /// The same as wall-clock times, ms since 1970.
    public var bufferedTimeRange: ClosedRange<Int64>? { status.bufferedTimeRange?.inMillisecondsSince1970 }
    /// The duration; nil while live.
    public var duration: Duration? { status.duration }
    /// ``duration`` in milliseconds.
    @available(*, deprecated, renamed: "duration", message: "duration is a Duration; .wholeMilliseconds reads it in milliseconds")
    public var durationMs: Int64? { status.duration?.wholeMilliseconds }
    /// The playing bitrate, bits/s.
    public var currentBitrate: Int? { status.bitrate }
    /// Whether the playhead is moving.
    public var isPlaying: Bool { status.phase == .playing }
    /// The program on air at the playhead (live and catch-up with EPG).
    public var currentProgram: Program? { session?.programs?.currentProgram }
    /// The entitlement of the current playback.
    public var entitlement: PlaybackEntitlement? { session?.source?.entitlement }
    /// The contract restrictions of the current playback.
    public var contractRestrictions: ContractRestrictions? { session?.source?.contractRestrictions }

    var status: TechStatus { session?.status ?? TechStatus() }
}
