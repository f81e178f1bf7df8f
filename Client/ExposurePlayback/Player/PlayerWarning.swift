/// Something the app should know about while playback goes on, or a refused command.
public enum PlayerWarning: Sendable, Equatable, CustomStringConvertible {
    /// The requested start was outside the seekable range; the default start was used.
    /// Ranges are ms: positions for `.customPosition`, wall-clock times for `.customTime`.
    case invalidStartTime(startTime: Int64, seekableRange: ClosedRange<Int64>)
    /// A seek target was outside the seekable range; the seek landed at the nearest edge.
    /// Ranges are ms: positions for `seek(toPosition:)`, wall-clock times for `seek(toTime:)`.
    case seekOutsideRange(requested: Int64, seekableRange: ClosedRange<Int64>)
    /// Pausing is not allowed: the contract disables timeshift.
    case timeshiftDisabled
    /// Seeking forward is not allowed by the contract.
    case fastForwardDisabled
    /// Seeking backward is not allowed by the contract.
    case rewindDisabled
    /// No program in the EPG covers this wall-clock time (ms).
    case gapInEpg(timeMs: Int64)
    /// The EPG could not be fetched.
    case epgUnavailable(reason: String)
    /// The entitlement check at a program boundary failed to run (not: said no).
    case entitlementCheckFailed(programId: String, reason: String)
    /// There is no next or previous program to go to.
    case noProgram
    /// A language was asked for that the stream does not have.
    case trackUnavailable(language: String)
    /// The stream misbehaved and the player rode it out: a failover, a skipped segment or gap,
    /// a stale or jumping live playlist.
    case stream(StreamWarning)

    /// One line for logs and the CLI.
    public var description: String {
        switch self {
        case .invalidStartTime(let start, let range): "invalid start time \(start), seekable \(range.lowerBound)…\(range.upperBound)"
        case .seekOutsideRange(let target, let range):
            "seek to \(target) outside seekable \(range.lowerBound)…\(range.upperBound); moved to the edge"
        case .timeshiftDisabled: "pause refused: timeshift disabled by contract"
        case .fastForwardDisabled: "seek refused: fast-forward disabled by contract"
        case .rewindDisabled: "seek refused: rewind disabled by contract"
        case .gapInEpg(let time): "no program in the EPG at \(time)"
        case .epgUnavailable(let reason): "EPG unavailable: \(reason)"
        case .entitlementCheckFailed(let program, let reason): "entitlement check for \(program) failed: \(reason)"
        case .noProgram: "no program there"
        case .trackUnavailable(let language): "no track in language \(language)"
        case .stream(let warning): warning.description
        }
    }
}
