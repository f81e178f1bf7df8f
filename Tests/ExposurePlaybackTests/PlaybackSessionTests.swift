import Exposure
import ExposurePlayback
import Foundation
import Synchronization
import Testing

/// A playback from entitlement to its one final event, against transport doubles on a virtual clock.
@Suite struct PlaybackSessionTests {
    static let environment = Environment(baseUrl: "http://test", customer: "C", businessUnit: "B")

    /// A player whose API and stream calls are answered by `api` and `streams`.
    static func player(api: ScriptedTransport, streams: ScriptedTransport) -> Player {
        let store = LanguagePreferenceStore(
            fileURL: FileManager.default.temporaryDirectory.appendingPathComponent("session-\(UUID().uuidString).json"))
        return Player(
            environment: environment, sessionToken: SessionToken(value: "t"),
            dependencies: PlayerDependencies(
                apiTransport: api, streamTransport: streams, clock: VirtualClock(start: WallTime(millisecondsSince1970: 1_700_000_000_000)),
                languageStore: store,
                deviceLanguage: "en"))
    }

    static func entitlement(format: String = "HLS", restrictions: ContractRestrictions? = nil) -> PlaybackEntitlement {
        PlaybackEntitlement(
            playSessionId: "ps", playTokenExpiration: 0, productId: "x",
            formats: [MediaFormat(format: format, mediaLocator: "http://cdn/master.m3u8")],
            streamInfo: StreamInfo(live: false, static: true), contractRestrictions: restrictions)
    }

    /// A 6-s VOD: one variant, three 2-s segments; `failing` answers 500 for ever.
    static func vodStreams(failing: Int? = nil) -> ScriptedTransport {
        let streams = ScriptedTransport()
        streams.answer("/master.m3u8", body: Data("#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=200000,RESOLUTION=320x180\nv.m3u8\n".utf8))
        var media = "#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXT-X-MEDIA-SEQUENCE:0\n"
        for index in 0..<3 { media += "#EXTINF:2.000,\ns\(index).ts\n" }
        streams.answer("/v.m3u8", body: Data((media + "#EXT-X-ENDLIST\n").utf8))
        for index in 0..<3 { streams.answer("/s\(index).ts", status: index == failing ? 500 : 200, body: Data(count: 1_000)) }
        return streams
    }

    /// Plays `movie` and returns the event names.
    static func play(
        api: ScriptedTransport, streams: ScriptedTransport, control: @escaping @Sendable (Player, PlayerEvent) -> Void = { _, _ in }
    )
        async -> [String]
    {
        let player = player(api: api, streams: streams)
        let names = Mutex<[String]>([])
        player.onEvent { player, _, event in
            names.withLock { $0.append(event.name) }
            control(player, event)
        }
        await player.startPlayback(playable: AssetPlayable(assetId: "movie")).value
        return names.withLock { $0 }
    }

    static let terminal: Set = ["playbackCompleted", "playbackAborted", "error"]

    @Test func aRefusedEntitlementIsTheOnlyEvent() async {
        let api = ScriptedTransport()
        api.answer("/entitlement/movie/play", status: 403, body: Data(#"{"httpCode":403,"message":"NOT_ENTITLED"}"#.utf8))
        #expect(await Self.play(api: api, streams: Self.vodStreams()) == ["error"])
    }

    @Test func noPlayableFormatIsAnError() async {
        let api = ScriptedTransport()
        api.answer("/entitlement/movie/play", json: Self.entitlement(format: "DASH"))
        #expect(await Self.play(api: api, streams: Self.vodStreams()) == ["error"])
    }

    @Test func aVODPlaysToItsOneCompletion() async {
        let api = ScriptedTransport()
        api.answer("/entitlement/movie/play", json: Self.entitlement())
        let names = await Self.play(api: api, streams: Self.vodStreams())
        #expect(names.first == "entitlementResponse" && names.last == "playbackCompleted")
        #expect(names.filter(Self.terminal.contains).count == 1)
        #expect(names.contains("playbackStarted") && names.contains("playbackCreated"))
    }

    @Test func aSegmentThatKeepsFailingIsSkippedWithOneWarningAndPlaybackEndsOnce() async {
        let api = ScriptedTransport()
        api.answer("/entitlement/movie/play", json: Self.entitlement())
        let names = await Self.play(api: api, streams: Self.vodStreams(failing: 1))
        #expect(names.last == "playbackCompleted" && names.filter(Self.terminal.contains).count == 1)
        #expect(names.filter { $0 == "warning" }.count == 1)
    }

    @Test func aStopBeforeTheStartIsOneAbort() async {
        let api = ScriptedTransport()
        api.answer("/entitlement/movie/play", json: Self.entitlement())
        let player = Self.player(api: api, streams: Self.vodStreams())
        let names = Mutex<[String]>([])
        player.onEvent { _, _, event in names.withLock { $0.append(event.name) } }
        let playback = player.startPlayback(playable: AssetPlayable(assetId: "movie"))
        player.stop()
        await playback.value
        #expect(names.withLock { $0 } == ["playbackAborted"])
        #expect(!api.paths.contains { $0.hasSuffix("/play") })
    }

    @Test func theContractRefusesSeeksAndPauses() async {
        let api = ScriptedTransport()
        api.answer(
            "/entitlement/movie/play", json: Self.entitlement(restrictions: ContractRestrictions(ffEnabled: false, timeshiftEnabled: false))
        )
        let names = await Self.play(api: api, streams: Self.vodStreams()) { player, event in
            guard case .playbackStarted = event else { return }
            player.seek(toPosition: 4_000)
            player.pause()
        }
        #expect(!names.contains("playbackScrubbed") && !names.contains("playbackPaused"))
        #expect(names.filter { $0 == "warning" }.count == 2 && names.last == "playbackCompleted")
    }
}
