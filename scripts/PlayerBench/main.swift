// Hours of live playback on a virtual clock against an in-process mock on port 0, every
// playlist reload and segment fetched over HTTP. Prints wall and CPU time, the speed-up over
// real time, request counts and resident memory each virtual hour (flat = no leak).
// `encrypted` as the fourth argument serves the channel as AES-128 (a copy of the fixtures with
// its `encryption` set), so the same channel can be compared clear and encrypted. An encrypted
// run plays on one play token, whose keys the key server refuses once it has expired (issue 27:
// the next key fails with LICENSE_EXPIRED), so it must end within the token's life, a key period
// (10 minutes) short of it; longer is refused before anything plays. The last line says how the
// run ended, the same for both sides of a fair comparison. The CPU line before it splits the
// process's CPU seconds into the mock's (its libmicrohttpd threads, which MHD names `MHD-…` and on
// which the mock answers every request, encrypting segments included) and the player's (the rest:
// the player's tasks, its transport and analytics).
import BenchSupport
import Exposure
import ExposureAnalytics
import ExposurePlayback
import Foundation
import MockPlatform
import MockPlatformTesting
import Synchronization

/// Counts requests and bytes on their way through.
final class CountingTransport: HTTPTransport {
    let counts = Mutex((requests: 0, bytes: 0))
    func send(_ request: TransportRequest) async throws -> TransportResponse {
        let response = try await AutomaticTransport.shared.send(request)
        counts.withLock {
            $0.requests += 1
            $0.bytes += response.body.count
        }
        return response
    }
}

let hours = Double(CommandLine.arguments.dropFirst().first ?? "6") ?? 6
let channel = CommandLine.arguments.dropFirst(2).first ?? "news-24"
// Analytics on (the default, with an outbox file as an app has) or `off`.
let analyticsOn = CommandLine.arguments.dropFirst(3).first != "off"
let encrypted = CommandLine.arguments.dropFirst(4).first == "encrypted"
let fixtures = try FixtureSandbox()
if encrypted {
    try fixtures.editJSON("catalog/assets.json") { assets in
        for index in (assets.arrayValue ?? []).indices where assets[index]["assetId"]?.stringValue == channel {
            assets[index]["mock"]?["encryption"] = .string("AES-128")
        }
    }
}
let outboxFolder = FileManager.default.temporaryDirectory.appendingPathComponent("player-bench-\(UUID().uuidString)")
defer { try? FileManager.default.removeItem(at: outboxFolder) }
let startMs: Int64 = 1_772_452_800_000  // 2026-03-02T12:00Z, a program boundary
let endMs = startMs + Int64(hours * 3_600_000)
let clock = VirtualClock(start: WallTime(millisecondsSince1970: startMs))
let platform = try MockPlatform(configuration: .init(port: 0, fixturesDirectory: fixtures.directory), clock: PlatformClock(real: clock))
try platform.start()
if encrypted {
    let tokenMinutes = platform.context.catalog.catalog.settings.playTokenLifetimeMinutes
    guard hours * 60 <= Double(tokenMinutes - 10) else {
        print("an encrypted run must end a key period (10 minutes) within the play token's \(tokenMinutes) minutes: ask for fewer hours")
        platform.stop()
        exit(2)
    }
}
let token = try await Authenticate(environment: platform.environment).login(username: "premium", password: "sandbox").request().sessionToken
let streams = CountingTransport()
let player = Player(
    environment: platform.environment, sessionToken: token,
    dependencies: PlayerDependencies(
        streamTransport: streams, clock: clock,
        analyticsOutbox: try AnalyticsOutbox(url: outboxFolder.appendingPathComponent("outbox.sqlite"))))
let programChanges = Mutex(0)
let nextReport = Mutex(startMs + 3_600_000)
let wallStart = ContinuousClock.now
let cpuStart = ProcessUsage.cpuSeconds()
let mockThreadsPrefix = "MHD-"
let mockCPUStart = ProcessUsage.threadsCPUSeconds(namePrefix: mockThreadsPrefix).seconds
player.onProgramChanged { _, _, _ in programChanges.withLock { $0 += 1 } }
// How the run ended: stopped at `endMs`, or an error before.
let ending = Mutex("the stream ended")
player.onError { _, _, error in
    print("error: \(error)")
    ending.withLock { $0 = "error \(error)" }
}
// Events come at least at every program boundary and DATERANGE edge, so reporting from here
// prints each virtual hour promptly without polling the wall clock.
player.onEvent { player, _, _ in
    let now = clock.nowMs
    let due = nextReport.withLock { due -> Bool in
        guard now >= due else { return false }
        due += 3_600_000
        return true
    }
    if due {
        let elapsed = ContinuousClock.now - wallStart
        print(
            String(
                format: "  virtual hour %2d: wall %6.2f s, RSS %6.1f MB, requests %d",
                (now - startMs) / 3_600_000, elapsed.inSeconds,
                ProcessUsage.residentMegabytes(), streams.counts.withLock { $0.requests }))
    }
    if now >= endMs {
        ending.withLock { $0 = "stopped at the end" }
        player.stop()
    }
}
player.onWarning { _, _, warning in print("warning: \(warning)") }
await player.startPlayback(playable: AssetPlayable(assetId: channel), enableAnalytics: analyticsOn).value
let wall = ContinuousClock.now - wallStart
let wallSeconds = wall.inSeconds
let virtualSeconds = Double(clock.nowMs - startMs) / 1000
let counts = streams.counts.withLock { $0 }
// Read while the mock's threads still run: their time is lost once they exit.
let mockThreads = ProcessUsage.threadsCPUSeconds(namePrefix: mockThreadsPrefix)
let cpuSeconds = ProcessUsage.cpuSeconds() - cpuStart
let mockCPUSeconds = mockThreads.seconds - mockCPUStart
print(
    String(
        format: "channel %@%@: %.2f virtual hours in %.2f s wall, %.2f s CPU: %.0f× real time", channel, encrypted ? " (AES-128)" : "",
        virtualSeconds / 3600, wallSeconds, cpuSeconds, virtualSeconds / wallSeconds))
print(
    String(
        format: "CPU split: player %.2f s, mock %.2f s (%d %@ threads)", cpuSeconds - mockCPUSeconds, mockCPUSeconds,
        mockThreads.threads, mockThreadsPrefix))
print(
    String(
        format: "stream requests %d (%.1f MB), program changes %d, final RSS %.1f MB", counts.requests, Double(counts.bytes) / 1_048_576,
        programChanges.withLock { $0 }, ProcessUsage.residentMegabytes()))
let reported = platform.context.analyticsSessions()
print(
    "analytics \(analyticsOn ? "on" : "off"): "
        + (reported.first.map {
            "\($0.eventCount) events recorded (\($0.heartbeats) heartbeats), \($0.duplicatesDropped) duplicates, \($0.problems.count) problems, ended \($0.ended)"
        } ?? "no session reported"))
print("ended: \(ending.withLock { $0 })")
platform.stop()
