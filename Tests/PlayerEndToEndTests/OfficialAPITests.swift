import Exposure
import ExposurePlayback
import Foundation
import HLS
import MockPlatform
import Synchronization
import TestSupport
import Testing

/// The iOSClientExposurePlayback 3.x API beside the seed's: what each form sends and reports.
@Suite(.onItsOwnQueue) struct OfficialAPITests {
    /// Starts `playable` with `start`, stopping at playbackStarted after `atStart` ran.
    private static func playToStart(
        _ player: Player, atStart: @escaping @Sendable (Player) -> Void = { _ in },
        start: (Player) -> Task<Void, Never>
    ) async {
        player.onPlaybackStarted { player, _ in
            atStart(player)
            player.stop()
        }
        await start(player).value
    }

    @Test func thePlayRequestCarriesTokenDeviceAndAdParams() async throws {
        let harness = try PlayerHarness()
        let clock = harness.clock
        let recorder = RecordingTransport { clock.nowMs }
        let player = try await harness.player(apiTransport: recorder)
        let customAdParams: [String: Any] = ["TestKey": 1, "TestKeyTwo": "test", "TestKeyThree": true]
        await Self.playToStart(player) {
            $0.startPlayback(
                playable: AssetPlayable(assetId: "behind-the-scenes", assetType: .CLIP),
                properties: PlaybackProperties(
                    autoPlay: true, playFrom: .defaultBehaviour, language: .defaultBehaviour, maxBitrate: 300_000),
                adobePrimetimeToken: "dG9rZW4=", customAdParams: customAdParams, deviceMake: "Acme", deviceModel: "Box 2")
        }
        let play = try #require(recorder.requests(containing: "/entitlement/behind-the-scenes/play").first)
        #expect(play.headers["X-Adobe-Primetime-MediaToken"] == "dG9rZW4=")
        let query = Set((play.query ?? "").split(separator: "&").map(String.init))
        #expect(query.isSuperset(of: ["TestKey=1", "TestKeyTwo=test", "TestKeyThree=true", "deviceMake=Acme", "deviceModel=Box%202"]))

        // The official label sends the same header.
        await Self.playToStart(player) { $0.startPlayback(assetId: "behind-the-scenes", adobePrimetimeMediaToken: "b2ZmaWNpYWw=") }
        let official = recorder.requests(containing: "/entitlement/behind-the-scenes/play").last
        #expect(official?.headers["X-Adobe-Primetime-MediaToken"] == "b2ZmaWNpYWw=")
        #expect(player.context.entitlement?.assetId == "behind-the-scenes")
    }

    @Test func aProgramIsPlayedThroughTheAssetTheEPGNames() async throws {
        let harness = try PlayerHarness()
        let clock = harness.clock
        let recorder = RecordingTransport { clock.nowMs }
        let player = try await harness.player(apiTransport: recorder)
        let now = Date(timeIntervalSince1970: Double(PlayerHarness.monday1320) / 1000)
        let epg = try await FetchEpg(environment: harness.platform.environment).channel(id: "news-24")
            .filter(starting: now.subtract(days: 1), ending: now.add(days: 1) ?? now).request()
        let program = try #require(epg.programs.first { ($0.startDate ?? .distantFuture) <= now && now < ($0.endDate ?? .distantPast) })
        await Self.playToStart(player) { $0.startPlayback(channelId: "news-24", programId: program.programId) }
        let asset = program.asset?.assetId ?? program.assetId
        #expect(recorder.requests(containing: "/epg/news-24/program/\(program.programId)").count == 1)
        #expect(recorder.requests(containing: "/entitlement/\(asset)/play").count == 1)
        #expect(player.context.source?.assetId == program.programId)
    }

    @Test func serverTimeLiveDelayAndTimeBehindLive() async throws {
        let harness = try PlayerHarness()
        let player = try await harness.player()
        #expect(player.serverTime == nil)
        // The mock shares the virtual clock, which stands still during the request: offset 0.
        #expect(await player.serverTime(forceRefresh: true) == harness.clock.nowMs)
        #expect(player.serverTime == Date(timeIntervalSince1970: Double(harness.clock.nowMs) / 1000))
        let live = Mutex<(delay: Int64?, behind: Int64?, edge: Int64?, time: Int64?)?>(nil)
        await Self.playToStart(
            player,
            atStart: { player in
                live.withLock { $0 = (player.liveDelay, player.timeBehindLive, player.seekableTimeRange?.upperBound, player.playheadTime) }
            }
        ) { $0.startPlayback(playable: AssetPlayable(assetId: "news-24")) }
        let seen = try #require(live.withLock { $0 })
        let edge = try #require(seen.edge)
        #expect(seen.behind == (seen.time ?? 0) - edge && (seen.behind ?? 1) <= 0)
        #expect((seen.delay ?? -1) >= 0)
        let vod = Mutex<(Int64?, Int64?)?>(nil)
        await Self.playToStart(player, atStart: { player in vod.withLock { $0 = (player.liveDelay, player.timeBehindLive) } }) {
            $0.startPlayback(assetId: "behind-the-scenes")
        }
        #expect(vod.withLock { $0.map { $0.0 == nil && $0.1 == nil } } == true)
    }

    @Test func trackObjectsSelectAudioAndSubtitles() async throws {
        let harness = try PlayerHarness()
        let player = try await harness.player()
        let seen = Mutex<[String]>([])
        player.onPlaybackStarted { player, _ in
            let swedish = player.audioTracks.first { $0.extendedLanguageTag == "sv" }
            player.selectAudio(mediaTrackId: swedish?.mediaTrackId)
            player.selectText(title: player.textTracks.first?.title)
            let shown = player.selectedTextTrack?.title ?? "none"
            player.selectText(track: nil)
            seen.withLock {
                $0 = [
                    player.selectedAudioTrack?.extendedLanguageTag ?? "none", shown, player.selectedTextTrack?.title ?? "none",
                    "\(player.audioTracks.count)", "\(player.variants.count)"
                ]
            }
            player.selectAudio(mediaTrackId: 99)
            player.stop()
        }
        let log = EventLog(player, clock: harness.clock)
        await player.startPlayback(playable: AssetPlayable(assetId: "arctic-journey"), materialProfile: "TRAILER").value
        let values = seen.withLock { $0 }
        #expect(values[0] == "sv" && values[1] != "none" && values[2] == "none")
        #expect(Int(values[3]) ?? 0 >= 2 && Int(values[4]) ?? 0 >= 2)
        #expect(log.warnings == [.trackUnavailable(language: "audio track 99")])
    }

    @Test func setBitRateMovesToTheVariantTheCapAllows() async throws {
        let harness = try PlayerHarness()
        let player = try await harness.player()
        let log = EventLog(player, clock: harness.clock)
        let lowest = Mutex<Int?>(nil)
        player.onPlaybackStarted { player, _ in
            let bandwidth = player.variants.first?.bandwidth
            lowest.withLock { $0 = bandwidth }
            player.setBitRate(selectedBitRate: Double(bandwidth ?? 0))
        }
        .onBitrateChanged { player, _, bitrate in
            if bitrate == lowest.withLock({ $0 }) { player.stop() }
        }
        await player.startPlayback(playable: AssetPlayable(assetId: "arctic-journey"), materialProfile: "TRAILER").value
        let cap = try #require(lowest.withLock { $0 })
        #expect(log.bitrates.first == cap && log.bitrates.dropFirst().first != cap)
        #expect(log.bitrates.last == cap && log.names.last == "playbackAborted")
    }

    @Test func volumeAndMuteAreState() async throws {
        let player = try await PlayerHarness().player()
        #expect(player.volume == 1 && !player.isMuted)
        player.volume = 1.5
        player.isMuted = true
        #expect(player.volume == 1 && player.isMuted)
        player.volume = 0.25
        #expect(player.volume == 0.25)
    }

    @Test func aURLPlayablePlaysTheStreamWithoutExposure() async throws {
        let harness = try PlayerHarness()
        let clock = harness.clock
        let token = try await Authenticate(environment: harness.platform.environment).login(username: "premium", password: "sandbox")
            .request().sessionToken
        let locator = try #require(
            try await Entitlement(environment: harness.platform.environment, sessionToken: token)
                .play(assetId: "behind-the-scenes").request().playableFormat?.mediaLocator)
        let recorder = RecordingTransport { clock.nowMs }
        let player = try await harness.player(apiTransport: recorder)
        let log = EventLog(player, clock: clock)
        await player.startPlayback(urlPlayable: URLPlayable(url: try #require(URL(string: locator)))).value
        #expect(log.names.last == "playbackCompleted" && !log.names.contains("entitlementResponse"))
        #expect(recorder.requests(containing: "/entitlement/").isEmpty)
        #expect(player.duration == .milliseconds(90_000))
    }
}
