// ABR under a step schedule, on a virtual clock against an in-process mock on port 0: the
// network starts above the top rendition, steps down to between the two lowest, then back up.
// For the bundled VOD and live channel it prints how long the player took to switch down after
// the step down and to return to the top after the step up, its stall time and its average
// bitrate, next to the ideal in the same run: the highest rendition whose BANDWIDTH fits each
// step, switched at the step, never stalling. Not a test.
import BenchSupport
import Clocks
import Exposure
import ExposurePlayback
import Foundation
import HLS
import MockPlatform
import Synchronization

/// One measured playback.
struct Outcome {
    var downSwitchMs: Int64?
    var upSwitchMs: Int64?
    var stallMs: Int64 = 0
    var averageKbps: Double
}

let stepMs: Int64 = 90_000
let highKbps = 2_000
let startMs: Int64 = 1_772_452_800_000  // 2026-03-02T12:00Z

/// Plays `assetId` under high → low → high steps of `stepMs` each; `lowKbps` sits between the two lowest renditions.
func play(_ playable: any Playable, ladder: [Int], lowKbps: Int) async throws -> Outcome {
    let clock = VirtualClock(start: WallTime(millisecondsSince1970: startMs))
    let platform = try MockPlatform(configuration: .init(port: 0), clock: PlatformClock(real: clock))
    try platform.start()
    defer { platform.stop() }
    let token = try await Authenticate(environment: platform.environment).login(username: "premium", password: "sandbox").request()
        .sessionToken
    let network = ModelledNetwork(
        upstream: AutomaticTransport.shared, clock: clock, conditions: .init(bandwidthBitsPerSecond: highKbps * 1000))
    let player = Player(
        environment: platform.environment, sessionToken: token,
        dependencies: PlayerDependencies(streamTransport: network, clock: clock, analyticsOutbox: nil))
    let log = Mutex<[(ms: Int64, event: PlayerEvent)]>([])
    let started = Mutex<Int64?>(nil)
    player.onEvent { player, _, event in
        let now = clock.nowMs
        log.withLock { $0.append((now, event)) }
        if case .playbackStarted = event {
            started.withLock { $0 = now }
            network.set(.init(bandwidthBitsPerSecond: lowKbps * 1000), from: WallTime(millisecondsSince1970: now + stepMs))
            network.set(.init(bandwidthBitsPerSecond: highKbps * 1000), from: WallTime(millisecondsSince1970: now + 2 * stepMs))
        }
        if let begun = started.withLock({ $0 }), now >= begun + 3 * stepMs { player.stop() }
    }
    await player.startPlayback(playable: playable).value
    let events = log.withLock { $0 }
    guard let begun = started.withLock({ $0 }) else { throw CancellationError() }
    let downAt = begun + stepMs
    let upAt = begun + 2 * stepMs
    let endAt = begun + 3 * stepMs
    var outcome = Outcome(averageKbps: 0)
    var bitrate = events.compactMap { if case .bitrateChanged(let b) = $0.event, $0.ms <= begun { b } else { nil } }.last ?? ladder[0]
    var last = begun
    var weighted = 0.0
    var stalledSince: Int64?
    for (ms, event) in events where ms >= begun {
        switch event {
        case .bitrateChanged(let next):
            weighted += Double(bitrate) * Double(ms - last)
            if ms >= downAt, ms < upAt, next < bitrate, outcome.downSwitchMs == nil { outcome.downSwitchMs = ms - downAt }
            if ms >= upAt, next == ladder.last, outcome.upSwitchMs == nil { outcome.upSwitchMs = ms - upAt }
            (bitrate, last) = (next, ms)
        case .bufferingStarted: stalledSince = ms
        case .bufferingStopped:
            outcome.stallMs += stalledSince.map { ms - $0 } ?? 0
            stalledSince = nil
        default: break
        }
    }
    weighted += Double(bitrate) * Double(max(0, endAt - last))
    outcome.averageKbps = weighted / Double(endAt - begun) / 1000
    return outcome
}

/// The ideal: the highest rendition whose BANDWIDTH fits each step, from the step's first moment.
func ideal(ladder: [Int], lowKbps: Int) -> Outcome {
    func fitting(_ kbps: Int) -> Int { ladder.last { $0 <= kbps * 1000 } ?? ladder[0] }
    let average = Double(fitting(highKbps) * 2 + fitting(lowKbps)) / 3 / 1000
    return Outcome(downSwitchMs: 0, upSwitchMs: 0, stallMs: 0, averageKbps: average)
}

func seconds(_ ms: Int64?) -> String { ms.map { String(format: "%6.1f s", Double($0) / 1000) } ?? "  never" }

/// The video variants' BANDWIDTH, lowest first, as the mock's master playlist states them.
func fetchLadder() async throws -> [Int] {
    let platform = try MockPlatform(configuration: .init(port: 0))
    try platform.start()
    defer { platform.stop() }
    guard let url = URL(string: platform.baseURL + "/streams/vod/arctic-journey/default/master.m3u8") else { throw CancellationError() }
    let response = try await AutomaticTransport.shared.send(TransportRequest(method: .get, url: url))
    return try HLSParser.parseMaster(response.body).variants.filter { $0.resolution != nil }.map(\.bandwidth).sorted()
}

let ladder = try await fetchLadder()
let lowKbps = (ladder[0] + ladder[1]) / 2 / 1000
print(
    "ladder \(ladder.map { "\($0 / 1000)" }.joined(separator: "/")) kbit/s; steps \(highKbps) → \(lowKbps) → \(highKbps) kbit/s, \(stepMs / 1000) s each"
)
let wallStart = ContinuousClock.now
// Bound to a typed constant, not iterated as a literal: Swift 6.3.1 -O drops the payloads of the
// existentials when top-level code iterates an array literal of them across an `await` (the
// playables reach `startPlayback` zeroed, and Foundation traps on the bad asset id).
let playables: [(name: String, playable: any Playable)] = [
    ("VOD arctic-journey", AssetPlayable(assetId: "arctic-journey")), ("live news-24", ChannelPlayable(assetId: "news-24"))
]
for (name, playable) in playables {
    let measured = try await play(playable, ladder: ladder, lowKbps: lowKbps)
    let best = ideal(ladder: ladder, lowKbps: lowKbps)
    print(
        "\(name): down after \(seconds(measured.downSwitchMs)), back to the top after \(seconds(measured.upSwitchMs)), stalled \(seconds(measured.stallMs)), average \(String(format: "%.0f", measured.averageKbps)) kbit/s"
            + " | ideal: average \(String(format: "%.0f", best.averageKbps)) kbit/s; ratio \(String(format: "%.3f", measured.averageKbps / best.averageKbps))"
    )
}
print(String(format: "wall %.2f s", (ContinuousClock.now - wallStart).inSeconds))
