import Exposure
import ExposurePlayback
import Foundation

/// One event of `exposure play` as the user reads it: a timeline line, or with `--json` one
/// JSON object per line (`jq`-friendly: the same keys for the same event every time).
struct PlayEventLine: Encodable {
    /// Seconds of playback clock since the command started.
    let elapsedSeconds: Double
    /// The event's name, e.g. `playbackStarted`.
    let event: String
    let positionMs: Int64
    let timeMs: Int64?
    /// What the event carries, by name (ids, bitrates, durations, messages).
    let details: [String: String]

    init(event: PlayerEvent, elapsedMs: Int64, positionMs: Int64, timeMs: Int64?) {
        elapsedSeconds = Double(elapsedMs) / 1000
        self.event = event.name
        self.positionMs = positionMs
        self.timeMs = timeMs
        details = Self.details(of: event)
    }

    /// `    12.3s  2026-03-02 13:20:00Z  programChanged programId=markets`.
    var text: String {
        let place = timeMs.map { Format.time(epochMilliseconds: $0) } ?? "\(positionMs) ms"
        let values = details.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        return ([String(format: "%8.1fs ", elapsedSeconds), place, event] + values).joined(separator: " ")
    }

    /// The line as one compact JSON object.
    var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Every member is a string or a number: encoding cannot fail.
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    private static func details(of event: PlayerEvent) -> [String: String] {
        switch event {
        case .programChanged(let program): ["programId": program?.programId ?? "none"]
        case .entitlementResponse(let entitlement):
            ["streamKind": entitlement.streamInfo?.kind.rawValue ?? "?", "playSessionId": entitlement.playSessionId]
        case .bitrateChanged(let bitrate): ["bitrate": "\(bitrate)"]
        case .durationChanged(let duration): ["durationMs": duration.map { "\($0)" } ?? "live"]
        case .dateRangeMetadataChanged(let groups): ["ids": groups.map(\.id).joined(separator: ",")]
        case .mediaType(let type): ["mediaType": type.rawValue]
        case .playbackScrubbed(let position): ["toPositionMs": "\(position)"]
        case .playbackStartedWithAds(let vod, let ads, let total, let markers):
            [
                "vodMs": "\(vod)", "adsMs": "\(ads)", "totalMs": "\(total)",
                "breaks": markers.map { "\($0.offset ?? 0)-\($0.endOffset ?? 0)" }.joined(separator: ",")
            ]
        case .willPresentInterstitial(let ad): ["ad": "\(ad.adIndex + 1)/\(ad.noOfAds)", "clipMs": "\(ad.adClipDuration)"]
        case .serverSideAdShouldSkip(let time): ["skipToMs": "\(time)"]
        case .warning(let warning): ["message": "\(warning)"]
        case .error(let error): ["message": "\(error)", "code": error.message]
        default: [:]
        }
    }
}
