/// Trouble in the stream the player rode out on its own: playback goes on, and the app (and
/// the CLI) can say what happened.
public enum StreamWarning: Sendable, Equatable, CustomStringConvertible {
    /// A variant failed (`reason`), so playback moved to the nearest other one; the failed one
    /// may be chosen again once it has had time to recover.
    case renditionFailover(fromBitrate: Int, toBitrate: Int, reason: String)
    /// A segment could not be fetched after its retries and was skipped.
    case segmentSkipped(sequence: Int, reason: String)
    /// A segment marked `EXT-X-GAP` was skipped without a request.
    case gapSkipped(sequence: Int)
    /// The live playlist came back unchanged; it is reloaded every half target duration
    /// (RFC 8216 §6.3.4) until it moves or the limit is reached.
    case playlistStale(sinceMs: Int64)
    /// The media sequence jumped from `fromSequence` to `toSequence` with no overlap the elapsed
    /// time explains: handled as a discontinuity, playback continues at the same position.
    case mediaSequenceJump(fromSequence: Int, toSequence: Int)

    /// One line for logs and the CLI.
    public var description: String {
        switch self {
        case .renditionFailover(let from, let to, let reason): "rendition \(from / 1000) kbit/s failed (\(reason)); now \(to / 1000) kbit/s"
        case .segmentSkipped(let sequence, let reason): "segment \(sequence) skipped: \(reason)"
        case .gapSkipped(let sequence): "segment \(sequence) is a gap; skipped"
        case .playlistStale(let since): "live playlist unchanged since \(since) ms; reloading every half target duration"
        case .mediaSequenceJump(let from, let to): "media sequence jumped from \(from) to \(to); handled as a discontinuity"
        }
    }
}
