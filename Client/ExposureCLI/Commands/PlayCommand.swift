import Exposure
import ExposurePlayback
import Foundation
import Synchronization

/// `exposure play ASSET_ID`: plays an asset headlessly and prints the event timeline.
struct PlayCommand: CLICommand {
    static let name = "play"
    static let synopsis = "ASSET_ID [--from live|beginning|bookmark|POSITION_MS|ISO_TIME] [--seconds N] [--speed N]"
    static let summary = "Play an asset headlessly and print its event timeline"
    static let optionHelp = [
        "--from WHERE   live/default, beginning, bookmark, a position in ms, or an ISO-8601 time",
        "--seconds N    stop after N seconds of playback time (default: until the end)",
        "--speed N      run the clock N times faster than real time (default 1)",
        "--max-bitrate N  cap the bitrate, bits/s",
    ]
    static let valueOptions: Set<String> = ["from", "seconds", "speed", "max-bitrate"]

    let assetId: String
    let playFrom: PlaybackProperties.PlayFrom
    let seconds: Int?
    let speed: Double
    let maxBitrate: Int?

    init(_ arguments: ParsedArguments) throws {
        assetId = try arguments.positionals("ASSET_ID")[0]
        playFrom = try Self.playFrom(arguments.value("from"))
        seconds = try arguments.positiveInt("seconds")
        maxBitrate = try arguments.positiveInt("max-bitrate")
        guard let speed = Double(arguments.value("speed") ?? "1"), speed > 0 else { throw UsageError("--speed must be a positive number") }
        self.speed = speed
    }

    private static func playFrom(_ text: String?) throws -> PlaybackProperties.PlayFrom {
        switch text {
        case nil, "live", "default": return .defaultBehavior
        case "beginning": return .beginning
        case "bookmark": return .bookmark
        case let text?:
            if let position = Int64(text) { return .customPosition(position: position) }
            if let time = ISO8601Timestamp.milliseconds(from: text) { return .customTime(time: time) }
            throw UsageError("--from must be live, beginning, bookmark, a position in ms or an ISO-8601 time")
        }
    }

    func run(in context: CommandContext) async throws {
        let session = try context.requireSession()
        let clock = RealClock(speed: speed)
        let player = Player(
            environment: context.environment, sessionToken: session.sessionToken,
            dependencies: PlayerDependencies(apiTransport: context.transport, clock: clock))
        let startedMs = clock.nowMs
        let deadline = seconds.map { startedMs + Int64($0) * 1000 }
        player.onEvent { player, _, event in
            let elapsed = Double(clock.nowMs - startedMs) / 1000
            let where_ = player.playheadTime.map { Format.time(epochMilliseconds: $0) } ?? "\(player.playheadPosition) ms"
            Console.out(String(format: "%8.1fs  %@  %@", elapsed, where_, Self.describe(event)))
            if let deadline, clock.nowMs >= deadline { player.stop() }
        }
        let playback = player.startPlayback(
            playable: AssetPlayable(assetId: assetId), properties: PlaybackProperties(playFrom: playFrom, maxBitrate: maxBitrate))
        // Events are sparse in steady playback: a timer enforces --seconds between them.
        let timer = Task {
            while let deadline, !Task.isCancelled {
                try await clock.sleep(untilMs: min(deadline, clock.nowMs + 1000))
                if clock.nowMs >= deadline { player.stop() }
            }
        }
        await playback.value
        timer.cancel()
    }

    private static func describe(_ event: PlayerEvent) -> String {
        switch event {
        case .programChanged(let program): "programChanged \(program?.programId ?? "none")"
        case .entitlementResponse(let entitlement): "entitlementResponse \(entitlement.streamInfo?.kind.rawValue ?? "?") \(entitlement.playSessionId)"
        case .bitrateChanged(let bitrate): "bitrateChanged \(bitrate) bps"
        case .durationChanged(let duration): "durationChanged \(duration.map { "\($0) ms" } ?? "live")"
        case .dateRangeMetadataChanged(let groups): "dateRangeMetadataChanged [\(groups.map(\.id).joined(separator: ", "))]"
        case .mediaType(let type): "mediaType \(type.rawValue)"
        case .playbackScrubbed(let position): "playbackScrubbed \(position) ms"
        case .warning(let warning): "warning: \(warning)"
        case .error(let error): "error: \(error)"
        default: "\(event)"
        }
    }
}
