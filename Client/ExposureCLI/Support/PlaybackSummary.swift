import Clocks
import ExposurePlayback
import Foundation

/// What `exposure play` sums up at the end: seconds played per rendition, stalls (count and
/// time), segments skipped and the time-weighted average bitrate. Fed the player's events with
/// the playback clock's time, as a value.
struct PlaybackSummary: Equatable {
    private var playingSince: WallTime?
    private var bitrate: Int?
    private var stalledSince: WallTime?
    /// Time played at each bitrate (bits/s).
    private(set) var played: [Int: Duration] = [:]
    private(set) var stalls = 0
    private(set) var stalled: Duration = .zero
    private(set) var skips = 0
    private(set) var switches = 0

    /// Takes one event that happened at `now` (playback clock).
    mutating func record(_ event: PlayerEvent, at now: WallTime) {
        switch event {
        case .playbackStarted, .playbackStartedWithAds, .playbackResumed:
            playingSince = now
        case .bitrateChanged(let newBitrate):
            settle(at: now)
            if bitrate != nil { switches += 1 }
            bitrate = newBitrate
        case .bufferingStarted:
            settle(at: now)
            playingSince = nil
            stalls += 1
            stalledSince = now
        case .bufferingStopped:
            stalled += stalledSince.map { now - $0 } ?? .zero
            stalledSince = nil
            playingSince = now
        case .playbackPaused:
            settle(at: now)
            playingSince = nil
        case .warning(.stream(.segmentSkipped)), .warning(.stream(.gapSkipped)):
            skips += 1
        case .playbackCompleted, .playbackAborted, .error:
            finish(at: now)
        default:
            break
        }
    }

    /// Closes what is still open at the end.
    mutating func finish(at now: WallTime) {
        settle(at: now)
        playingSince = nil
        stalled += stalledSince.map { now - $0 } ?? .zero
        stalledSince = nil
    }

    /// The time-weighted average bitrate, bits/s, weighed by whole milliseconds; nil before anything played.
    var averageBitrate: Int? {
        let total = played.values.reduce(.zero, +).wholeMilliseconds
        guard total > 0 else { return nil }
        return Int(played.reduce(Int64(0)) { $0 + Int64($1.key) * $1.value.wholeMilliseconds } / total)
    }

    /// `summary: 312.0 s played (245 kbit/s 120.0 s, 566 kbit/s 192.0 s), 2 switches, 1 stall 3.2 s, 0 skipped, average 445 kbit/s`.
    var text: String {
        let renditions = played.sorted { $0.key < $1.key }.map {
            String(format: "%d kbit/s %.1f s", $0.key / 1000, Format.seconds($0.value))
        }
        let total = Format.seconds(played.values.reduce(.zero, +))
        return String(format: "summary: %.1f s played (", total) + renditions.joined(separator: ", ")
            + String(format: "), %d switches, %d stalls %.1f s, %d skipped, average ", switches, stalls, Format.seconds(stalled), skips)
            + (averageBitrate.map { "\($0 / 1000) kbit/s" } ?? "none")
    }

    /// The same as one JSON object: `{"event": "summary", "secondsByBitrate": {"245783": 120.0}, …}`.
    var json: String {
        JSONLine.encode([
            "event": "summary",
            "secondsByBitrate": Dictionary(uniqueKeysWithValues: played.map { (String($0.key), Format.seconds($0.value)) }),
            "switches": switches, "stalls": stalls, "stalledSeconds": Format.seconds(stalled), "skipped": skips,
            "averageBitrate": averageBitrate.map { $0 as Any } ?? NSNull()
        ])
    }

    private mutating func settle(at now: WallTime) {
        guard let since = playingSince, let bitrate else { return }
        played[bitrate, default: .zero] += max(.zero, now - since)
        playingSince = now
    }
}
