import ExposurePlayback
import Foundation

/// What `exposure play` sums up at the end: seconds played per rendition, stalls (count and
/// time), segments skipped and the time-weighted average bitrate. Fed the player's events with
/// the playback clock's time, as a value.
struct PlaybackSummary: Equatable {
    private var playingSinceMs: Int64?
    private var bitrate: Int?
    private var stalledSinceMs: Int64?
    /// Milliseconds played at each bitrate (bits/s).
    private(set) var playedMs: [Int: Int64] = [:]
    private(set) var stalls = 0
    private(set) var stalledMs: Int64 = 0
    private(set) var skips = 0
    private(set) var switches = 0

    /// Takes one event that happened at `nowMs` (playback clock).
    mutating func record(_ event: PlayerEvent, atMs nowMs: Int64) {
        switch event {
        case .playbackStarted, .playbackStartedWithAds, .playbackResumed:
            playingSinceMs = nowMs
        case .bitrateChanged(let newBitrate):
            settle(atMs: nowMs)
            if bitrate != nil { switches += 1 }
            bitrate = newBitrate
        case .bufferingStarted:
            settle(atMs: nowMs)
            playingSinceMs = nil
            stalls += 1
            stalledSinceMs = nowMs
        case .bufferingStopped:
            stalledMs += stalledSinceMs.map { nowMs - $0 } ?? 0
            stalledSinceMs = nil
            playingSinceMs = nowMs
        case .playbackPaused:
            settle(atMs: nowMs)
            playingSinceMs = nil
        case .warning(.stream(.segmentSkipped)), .warning(.stream(.gapSkipped)):
            skips += 1
        case .playbackCompleted, .playbackAborted, .error:
            finish(atMs: nowMs)
        default:
            break
        }
    }

    /// Closes what is still open at the end.
    mutating func finish(atMs nowMs: Int64) {
        settle(atMs: nowMs)
        playingSinceMs = nil
        stalledMs += stalledSinceMs.map { nowMs - $0 } ?? 0
        stalledSinceMs = nil
    }

    /// The time-weighted average bitrate, bits/s; nil before anything played.
    var averageBitrate: Int? {
        let total = playedMs.values.reduce(0, +)
        guard total > 0 else { return nil }
        return Int(playedMs.reduce(Int64(0)) { $0 + Int64($1.key) * $1.value } / total)
    }

    /// `summary: 312.0 s played (245 kbit/s 120.0 s, 566 kbit/s 192.0 s), 2 switches, 1 stall 3.2 s, 0 skipped, average 445 kbit/s`.
    var text: String {
        let renditions = playedMs.sorted { $0.key < $1.key }.map {
            String(format: "%d kbit/s %.1f s", $0.key / 1000, Double($0.value) / 1000)
        }
        let played = Double(playedMs.values.reduce(0, +)) / 1000
        return String(format: "summary: %.1f s played (", played) + renditions.joined(separator: ", ")
            + String(format: "), %d switches, %d stalls %.1f s, %d skipped, average ", switches, stalls, Double(stalledMs) / 1000, skips)
            + (averageBitrate.map { "\($0 / 1000) kbit/s" } ?? "none")
    }

    /// The same as one JSON object: `{"event": "summary", "secondsByBitrate": {"245783": 120.0}, …}`.
    var json: String {
        JSONLine.encode([
            "event": "summary",
            "secondsByBitrate": Dictionary(uniqueKeysWithValues: playedMs.map { (String($0.key), Double($0.value) / 1000) }),
            "switches": switches, "stalls": stalls, "stalledSeconds": Double(stalledMs) / 1000, "skipped": skips,
            "averageBitrate": averageBitrate.map { $0 as Any } ?? NSNull()
        ])
    }

    private mutating func settle(atMs nowMs: Int64) {
        guard let since = playingSinceMs, let bitrate else { return }
        playedMs[bitrate, default: 0] += max(0, nowMs - since)
        playingSinceMs = nowMs
    }
}
