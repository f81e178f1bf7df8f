import Clocks
import HLS

/// How a stream fault changes a media playlist before it goes out; exactly one field is set.
/// The change is made to the real playlist of the moment, so everything else in it stays right.
public struct PlaylistFault: Codable, Sendable, Equatable {
    /// The playlist stops advancing: for this long (platform time) from the first request the
    /// rule meets, every request gets the playlist that request got; then the rule is done
    /// (`staleForMs` on the wire: whole milliseconds).
    public var staleFor: Duration? {
        get { wireStaleFor?.duration }
        set { wireStaleFor = newValue.map(WireMilliseconds.init) }
    }
    /// ``staleFor`` as the wire carries it (`staleForMs`, a deprecated Swift spelling too).
    private var wireStaleFor: WireMilliseconds?
    /// `EXT-X-MEDIA-SEQUENCE` jumps ahead by this many while the rule is in force, as after an
    /// encoder restart: the same segments, numbered anew, the first one marked as a discontinuity.
    public var sequenceJump: Int?
    /// The targeted segment (`stream.sequence`) is marked `EXT-X-GAP`.
    public var gap: Bool?
    /// The targeted segment (`stream.sequence`) is left out of the playlist.
    public var removeSegment: Bool?
    /// `EXT-X-TARGETDURATION` says this many seconds instead of the real value.
    public var targetDuration: Int?

    /// The wire's names: the properties' own, but ``staleFor``'s `staleForMs`.
    private enum CodingKeys: String, CodingKey {
        case wireStaleFor = "staleForMs"
        case sequenceJump, gap, removeSegment, targetDuration
    }

    /// A change; set exactly one field.
    public init(
        staleFor: Duration? = nil, sequenceJump: Int? = nil, gap: Bool? = nil, removeSegment: Bool? = nil, targetDuration: Int? = nil
    ) {
        self.staleFor = staleFor
        self.sequenceJump = sequenceJump
        self.gap = gap
        self.removeSegment = removeSegment
        self.targetDuration = targetDuration
    }

    /// Whether the change names one segment (`stream.sequence` is required).
    var needsSequence: Bool { gap == true || removeSegment == true }

    /// Why the change cannot be used, as a sentence; nil when it is fine.
    var problem: String? {
        let set = [staleFor != nil, sequenceJump != nil, gap == true, removeSegment == true, targetDuration != nil].filter { $0 }.count
        if set != 1 {
            return "playlist takes exactly one of staleForMs, sequenceJump, gap: true, removeSegment: true or targetDuration."
        }
        if let staleFor, !(Duration.milliseconds(1)...Duration.seconds(3_600)).contains(staleFor) {
            return "playlist.staleForMs must be from 1 to 3600000."
        }
        if let sequenceJump, !(1...1_000_000).contains(sequenceJump) { return "playlist.sequenceJump must be from 1 to 1000000." }
        if let targetDuration, !(1...3600).contains(targetDuration) { return "playlist.targetDuration must be from 1 to 3600 seconds." }
        return nil
    }

    /// Applies the change to `playlist` (`sequence`: the targeted segment); false when it
    /// changes nothing here (the segment is not listed). Staleness is applied by the responder.
    func apply(to playlist: inout MediaPlaylist, sequence: Int?) -> Bool {
        if let targetDuration {
            playlist.targetDuration = targetDuration
            return true
        }
        if let sequenceJump, !playlist.segments.isEmpty {
            playlist.mediaSequence = playlist.firstMediaSequence + sequenceJump
            playlist.discontinuitySequence = (playlist.discontinuitySequence ?? 0) + 1
            playlist.segments[0].discontinuity = true
            return true
        }
        guard let sequence else { return false }
        let index = sequence - playlist.firstMediaSequence
        guard playlist.segments.indices.contains(index) else { return false }
        if gap == true {
            playlist.segments[index].gap = true
        } else if removeSegment == true {
            playlist.segments.remove(at: index)
            if index == 0 { playlist.mediaSequence = sequence + 1 }
        }
        return gap == true || removeSegment == true
    }
}
