import Exposure
import ExposurePlayback
import Foundation
import HLS

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
    let details: [String: Detail]

    init(event: PlayerEvent, elapsed: Duration, positionMs: Int64, timeMs: Int64?) {
        elapsedSeconds = Format.seconds(elapsed)
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

    /// The line as one compact JSON object (numbers as JSON numbers).
    var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Every member is a string or a number: encoding cannot fail.
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    private static func details(of event: PlayerEvent) -> [String: Detail] {
        switch event {
        case .programChanged(let program): ["programId": .text(program?.programId ?? "none")]
        case .entitlementResponse(let entitlement):
            ["streamKind": .text(entitlement.streamInfo?.kind.rawValue ?? "?"), "playSessionId": .text(entitlement.playSessionId)]
        case .bitrateChanged(let bitrate): ["bitrate": .number(Int64(bitrate))]
        case .durationChanged(let duration): ["durationMs": duration.map(Detail.number) ?? .text("live")]
        case .dateRangeMetadataChanged(let groups): ["ids": .text(groups.map(\.id).joined(separator: ","))]
        case .timedID3Metadata(let frames): ["frames": .text(frames.map { "\($0.id) \($0.owner ?? "")" }.joined(separator: ","))]
        case .mediaType(let type): ["mediaType": .text(type.rawValue)]
        case .playbackScrubbed(let position): ["toPositionMs": .number(position)]
        case .playbackStartedWithAds(let vod, let ads, let total, let markers):
            [
                "vodMs": .number(vod), "adsMs": .number(ads), "totalMs": .number(total),
                "breaks": .text(markers.map { "\($0.offset ?? 0)-\($0.endOffset ?? 0)" }.joined(separator: ","))
            ]
        case .willPresentInterstitial(let ad):
            ["ad": .text("\(ad.adIndex + 1)/\(ad.noOfAds)"), "clipMs": .number(ad.adClipDuration)]
        case .serverSideAdShouldSkip(let time): ["skipToMs": .number(time)]
        case .warning(let warning): ["message": .text("\(warning)")]
        case .error(let error): ["message": .text("\(error)"), "code": .text(error.message)]
        default: [:]
        }
    }

    /// One value an event carries: a number (JSON number) or text.
    enum Detail: Encodable, CustomStringConvertible {
        case text(String)
        case number(Int64)

        var description: String {
            switch self {
            case .text(let text): text
            case .number(let number): String(number)
            }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .text(let text): try container.encode(text)
            case .number(let number): try container.encode(number)
            }
        }
    }
}
