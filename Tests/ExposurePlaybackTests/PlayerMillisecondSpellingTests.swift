import Exposure
import ExposurePlayback
import Synchronization
import Testing

/// The player's `durationMs`, spelled before the duration became a `Duration`, still compiles and
/// reads the same length; the official SDK's millisecond spellings (`playheadPosition`,
/// `playheadTime`) read what their typed siblings read.
@Suite struct PlayerMillisecondSpellingTests {
    @available(*, deprecated, message: "reads the deprecated durationMs on purpose")
    @Test func theMillisecondSpellingsReadTheTypedValues() async throws {
        let api = ScriptedTransport()
        api.answer("/entitlement/movie/play", json: PlaybackSessionTests.entitlement())
        typealias Reading = (durationMs: Int64?, duration: Duration?, position: Int64, offset: Duration, time: Int64?, wallTime: WallTime?)
        let seen = Mutex<[Reading]>([])
        _ = await PlaybackSessionTests.play(api: api, streams: PlaybackSessionTests.vodStreams()) { player, event in
            guard case .playbackStarted = event else { return }
            let reading = (
                player.durationMs, player.duration, player.playheadPosition, player.playheadOffset, player.playheadTime,
                player.playheadWallTime
            )
            seen.withLock { $0.append(reading) }
        }
        let reading = try #require(seen.withLock { $0.first })
        #expect(reading.durationMs == 6_000 && reading.duration == .seconds(6))
        #expect(Duration.milliseconds(reading.position) == reading.offset)
        #expect(reading.time == reading.wallTime?.millisecondsSince1970)
    }
}
