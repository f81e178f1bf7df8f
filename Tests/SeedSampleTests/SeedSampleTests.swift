import Exposure
import ExposurePlayback
import Foundation
import MockPlatform
import Testing

/// Runs the seed's samples (../shared/seeds/redbee-ios-player-sdk.txt) against the mock and
/// checks that each reached it and brought back what the seed says. The differences from the
/// seed's text are listed in docs/player.md.
@Suite struct SeedSampleTests {
    @Test func authenticationCatalogAndEPG() async throws {
        let mock = try SeedMock()
        let app = try await mock.app()
        await app.authenticationSample(exposureEnv: mock.environment, someUser: "premium", somePassword: "sandbox").value
        await app.authenticationSample(exposureEnv: mock.environment, someUser: "premium", somePassword: "wrong").value
        #expect(app.received.filter { $0.hasPrefix("token") } == ["token received"])

        await app.channelListSample().value
        let channels = try #require(app.received.first { $0.hasPrefix("channels") })
        #expect(channels.contains("news-24") && channels.contains("kids-fun"))

        // The EPG sample reads the server time the player measured.
        #expect(await app.player.serverTime(forceRefresh: true) == SeedMock.startMs)
        await app.epgSample(channelId: "news-24").value
        let epg = try #require(app.received.first { $0.hasPrefix("epg") })
        #expect(epg.hasPrefix("epg news-24 ") && (Int(epg.split(separator: " ")[2]) ?? 0) > 10)
    }

    @Test func creationListenersAndStartingThePlayback() async throws {
        let mock = try SeedMock()
        // The first play request waits until all five playbacks are started, as on a device
        // where the samples run faster than the network answers.
        let transport = HeldPlayRequests()
        let app = try await mock.app(apiTransport: transport)
        #expect(app.creationSample().count == 3)
        app.eventListenerSamples()
        app.mediaTypeSample()
        app.player.onPlaybackStarted { player, _ in player.stop() }
        let playbacks = app.startingThePlaybackSamples(assetId: "arctic-journey")
        transport.release()
        for playback in playbacks { await playback.value }
        // Each start ends the one before: four are aborted before they begin, the last plays.
        let received = app.received.filter { !$0.hasPrefix("bitrate") }
        #expect(
            received == Array(repeating: "aborted", count: 4) + [
                "entitlement ok", "mediaType video", "created", "prepared", "started", "aborted"
            ])
        #expect(app.received.contains { $0.hasPrefix("bitrate") })
        #expect(app.contractRestrictionsSample()?.assetId == "arctic-journey")
    }

    @Test func playbackProperties() async throws {
        let app = try await SeedMock().app().playbackPropertiesSamples()
        #expect(app.map(\.autoplay) == Array(repeating: true, count: 7))
        #expect(app[1].maxBitrate == 300000 && app[0].maxBitrate == nil)
        #expect(app[2].language == .defaultBehavior && app[3].language == .userLocale && app[4].language == .userPreference)
        #expect(app[5].language == .custom(text: "en", audio: nil) && app[6].playFrom == .bookmark)
    }

    @Test func playbackProgressOnALiveChannel() async throws {
        let mock = try SeedMock()
        let app = try await mock.app()
        app.eventListenerSamples()
        app.player.onPlaybackScrubbed { _, _, position in app.note("scrubbed \(position)") }
        // Once the program on air is known, as the restart sample needs it.
        app.player.onProgramChanged { player, _, _ in
            app.playbackProgressSamples()
            player.stop()
        }
        await app.player.startPlayback(playable: AssetPlayable(assetId: "news-24")).value
        // Back 30 s, to the live edge, to the program's start, then 30 s before where it was.
        #expect(app.received.filter { $0.hasPrefix("scrubbed") }.count == 4)
        #expect(app.received.contains { $0.hasPrefix("program news-24") })
    }

    @Test func ssaiPreparationAndEvents() async throws {
        let mock = try SeedMock()
        let app = try await mock.app()
        app.adEventSamples()
        let properties = PlaybackProperties(autoplay: true)
        for playback in app.adsPreparationSamples(assetPlayable: AssetPlayable(assetId: "mountain-ssai"), properties: properties) {
            await playback.value
        }
        #expect(app.received == ["ads 20000 of 620000 in 2 breaks", "ad 1/2", "ad done", "ad 2/2", "ad done", "ad 1/1", "ad done"])
        let clicks = mock.platform.context.activity.beacons().filter { $0.event == "click" }
        #expect(clicks.count == 3)
    }

    @Test func adobePrimetimeTokenIsAccepted() async throws {
        let mock = try SeedMock()
        let app = try await mock.app()
        app.eventListenerSamples()
        app.player.onPlaybackStarted { player, _ in player.stop() }
        await app.adobePrimetimeSample(assetPlayable: AssetPlayable(assetId: "behind-the-scenes"), properties: PlaybackProperties()).value
        #expect(app.received.contains("started"))
    }

    @Test func sprites() async throws {
        let mock = try SeedMock()
        let app = try await mock.app()
        app.player.onPlaybackReady { player, _ in player.stop() }
        app.playable = AssetPlayable(assetId: "arctic-journey")
        await app.player.startPlayback(playable: try #require(app.playable)).value
        app.spriteSamples(playable: app.playable)
        let activated = await app.firstNote(startingWith: "sprites")
        #expect(activated != "sprites 0")
        // 5 % into the 45-minute film: 00:02:15.
        app.getSpriteSample(sender: Slider(value: 0.05), duration: 2_700_000)
        let sprite = await app.firstNote(startingWith: "sprite ")
        #expect(sprite.hasPrefix("sprite found"))
    }
}
