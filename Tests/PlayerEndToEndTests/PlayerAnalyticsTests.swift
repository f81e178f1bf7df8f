import Exposure
import ExposureModels
import ExposurePlayback
import Foundation
import MockPlatformTesting
import Synchronization
import TestSupport
import Testing

/// Every playback reports itself to the mock's EventSink as the official SDK does, and the mock
/// finds nothing wrong with it.
@Suite(.onItsOwnQueue) struct PlayerAnalyticsTests {
    static func playSessionId(_ player: Player) -> String? { player.context.entitlement?.playSessionId }

    @Test func aVODPlaybackReportsItsWholeLifeAndBreaksNoRule() async throws {
        let harness = try PlayerHarness()
        let player = try await harness.player(appName: "SampleApp")
        await player.startPlayback(playable: AssetPlayable(assetId: "arctic-journey"), materialProfile: "TRAILER").value
        let id = try #require(Self.playSessionId(player))
        let report = try #require(harness.platform.analyticsSession(id))
        #expect(report.problems == [], "\(report.problems.map(\.message))")
        #expect(report.ended == .completed)
        let types = (report.events ?? []).map(\.event.eventType)
        #expect(Array(types.prefix(3)) == ["Playback.Created", "Device.Info", "Playback.HandshakeStarted"])
        let ready = try #require(types.firstIndex(of: "Playback.PlayerReady"))
        let started = try #require(types.firstIndex(of: "Playback.Started"))
        #expect(ready < started)
        #expect(types.last == "Playback.Completed")
        let events = (report.events ?? []).map(\.event)
        #expect(events[1]["AppName"] == .string("SampleApp") && events[1]["AppVersion"] == .string("2.1"))
        #expect(events.allSatisfy { $0["DeviceId"] == .string("test-device") && $0["DeviceModel"] == .string("TestBox") })
        #expect(events[0]["AssetId"] == .string("arctic-journey") && events[0]["PlayMode"] == .string("vod"))
        #expect(harness.platform.playSessions(accountId: "acc-premium").first?.endReason == "Playback.Completed")
    }

    @Test func premiumPlaysFiveTitlesInARowAndBasicTwo() async throws {
        let harness = try PlayerHarness()
        for (user, titles) in [
            ("premium", ["arctic-journey", "city-lights", "harbour-tales-s1e1", "harbour-tales-s1e2", "masterclass-lecture"]),
            ("basic", ["city-lights", "harbour-tales-s1e2"])
        ] {
            let player = try await harness.player(user: user)
            let log = EventLog(player, clock: harness.clock)
            for title in titles {
                player.onPlaybackStarted { player, _ in player.stop() }
                await player.startPlayback(playable: AssetPlayable(assetId: title)).value
            }
            #expect(log.errors.isEmpty, "\(user): \(log.errors)")
            #expect(log.names.filter { $0 == "playbackAborted" }.count == titles.count)
            let account = user == "premium" ? "acc-premium" : "acc-basic"
            #expect(harness.platform.playSessions(accountId: account).allSatisfy { $0.endReason == "Playback.Aborted" })
        }
    }

    @Test func enableAnalyticsFalseSendsNothing() async throws {
        let harness = try PlayerHarness()
        let player = try await harness.player()
        await player.startPlayback(playable: AssetPlayable(assetId: "arctic-journey"), enableAnalytics: false, materialProfile: "TRAILER")
            .value
        #expect(harness.platform.analyticsSessions().isEmpty)
        #expect(harness.platform.requests(pathPrefix: "/v2/customer/Sandbox/businessunit/Dev/eventsink").isEmpty)
    }

    @Test func aBookmarkWrittenThroughAnalyticsIsWhereTheNextPlaybackStarts() async throws {
        let harness = try PlayerHarness()
        let player = try await harness.player(user: "basic")
        player.onPlaybackStarted { player, _ in player.seek(toPosition: 300_000) }
        player.onPlaybackScrubbed { player, _, _ in player.stop() }
        await player.startPlayback(playable: AssetPlayable(assetId: "city-lights")).value
        let again = try await harness.player(user: "basic")
        let log = EventLog(again, clock: harness.clock)
        again.onPlaybackStarted { player, _ in player.stop() }
        await again.startPlayback(playable: AssetPlayable(assetId: "city-lights"), properties: PlaybackProperties(playFrom: .bookmark))
            .value
        #expect(log.errors.isEmpty)
        #expect((300_000...302_000).contains(again.playheadPosition), "\(again.playheadPosition)")
    }
}

/// Forwards requests and runs `onPlayRequest` as a play request goes out.
private final class StoppingTransport: HTTPTransport {
    let upstream: any HTTPTransport = AutomaticTransport.shared
    let onPlayRequest: @Sendable () -> Void
    init(onPlayRequest: @escaping @Sendable () -> Void) { self.onPlayRequest = onPlayRequest }
    func send(_ request: TransportRequest) async throws -> TransportResponse {
        if request.url.path.hasSuffix("/play") { onPlayRequest() }
        return try await upstream.send(request)
    }
}

extension PlayerAnalyticsTests {
    /// The entitlement opened a play session; a stop that comes while it is on its way must still
    /// close it (Created, then Aborted), or the account's stream slot stays taken.
    @Test func aPlaybackStoppedWhileBeingEntitledStillEndsItsPlaySession() async throws {
        let harness = try PlayerHarness()
        let stopper = Mutex<Player?>(nil)
        let player = try await harness.player(user: "basic", apiTransport: StoppingTransport { stopper.withLock { $0 }?.stop() })
        stopper.withLock { $0 = player }
        await player.startPlayback(playable: AssetPlayable(assetId: "city-lights")).value
        stopper.withLock { $0 = nil }
        let id = try #require(Self.playSessionId(player) ?? harness.platform.playSessions(accountId: "acc-basic").first?.id)
        let report = try #require(harness.platform.analyticsSession(id))
        #expect(
            report.events?.map(\.event.eventType) == ["Playback.Created", "Device.Info", "Playback.HandshakeStarted", "Playback.Aborted"])
        #expect(report.problems == [] && report.ended == .aborted)
        #expect(harness.platform.playSessions(accountId: "acc-basic").first?.endReason == "Playback.Aborted", "basic's only slot is free")
    }
}

/// Forwards requests and runs `onHeartbeats` with the number of heartbeats sent so far.
private final class HeartbeatCountingTransport: HTTPTransport {
    let upstream: any HTTPTransport = AutomaticTransport.shared
    let sent = Mutex(0)
    let onHeartbeats: @Sendable (Int) -> Void
    init(onHeartbeats: @escaping @Sendable (Int) -> Void) { self.onHeartbeats = onHeartbeats }
    func send(_ request: TransportRequest) async throws -> TransportResponse {
        let response = try await upstream.send(request)
        // Only heartbeats the EventSink took count: a refused or failed batch is sent again, and
        // counting each try would stop the player before three heartbeats had arrived.
        if request.url.path.hasSuffix("/eventsink/send"), (200..<300).contains(response.status), let body = request.body {
            let heartbeats = String(decoding: body, as: UTF8.self).components(separatedBy: "\"Playback.Heartbeat\"").count - 1
            onHeartbeats(
                sent.withLock {
                    $0 += heartbeats
                    return $0
                })
        }
        return response
    }
}

extension PlayerAnalyticsTests {
    /// A paused player still reports itself: its heartbeats go out on the clock while the playback
    /// loop has nothing else to do (it used to wait for the next command alone).
    ///
    /// The clock is held at the pause: a paused loop waits only on the clock, so a free clock
    /// would jump hours ahead while the batches are on their way, past the play token's life.
    @Test(.timeLimit(.minutes(1))) func aPausedPlayerKeepsSendingHeartbeats() async throws {
        let harness = try PlayerHarness()
        let (threeHeartbeats, heartbeatsArrived) = AsyncStream.makeStream(of: Void.self)
        let transport = HeartbeatCountingTransport { sent in
            if sent >= 3 { heartbeatsArrived.finish() }
        }
        let player = try await harness.player(apiTransport: transport)
        let (pause, pausedAt) = AsyncStream.makeStream(of: Void.self)
        player.onPlaybackStarted { player, _ in player.pause() }
        player.onPlaybackPaused { _, _ in
            harness.clock.hold()
            pausedAt.finish()
        }
        async let playback: Void = player.startPlayback(playable: AssetPlayable(assetId: "arctic-journey"), materialProfile: "TRAILER")
            .value
        for await _ in pause {}
        // Five post intervals (60 s each): three heartbeats and their batches fit with room to spare.
        harness.clock.advance(by: .seconds(300))
        for await _ in threeHeartbeats {}
        player.stop()
        harness.clock.runFreely()
        await playback
        let id = try #require(Self.playSessionId(player))
        let types = try #require(harness.platform.analyticsSession(id)?.events).map(\.event.eventType)
        let paused = try #require(types.firstIndex(of: "Playback.Paused"))
        #expect(types[paused...].filter { $0 == "Playback.Heartbeat" }.count >= 3, "\(types)")
        #expect(types.last == "Playback.Aborted", "\(types)")
    }
}
