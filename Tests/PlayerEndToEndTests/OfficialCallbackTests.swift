import Exposure
import ExposurePlayback
import MockPlatform
import Synchronization
import TestSupport
import Testing

/// The official SDK's callbacks beside the seed's: SSAI (`onServerSideAd`, clips, an ad
/// service), timed metadata, and `currentProgram(callback:)`, against the mock on the virtual clock.
@Suite(.onItsOwnQueue) struct OfficialCallbackTests {
    /// Writes down what an app's ad service is told.
    final class RecordingAdService: AdService {
        let calls = Mutex<[String]>([])
        func playbackStarted() { calls.withLock { $0.append("started") } }
        func playbackEnded() { calls.withLock { $0.append("ended") } }
    }

    @Test func serverSideAdClipsAndAnAdServiceFollowTheAdTracker() async throws {
        let harness = try PlayerHarness()
        let player = try await harness.player()
        let heard = Mutex<[String]>([])
        let service = RecordingAdService()
        player.onServerSideAd { source, ads in heard.withLock { $0.append("ads \(source.assetId) \(ads?.clips?.count ?? 0)") } }
            .onClipStarted { start, end in heard.withLock { $0.append("clip \(start)-\(end)") } }
            .oncClipEnded { start, end in heard.withLock { $0.append("ended \(start)-\(end)") } }
            .onAdServiceRequested { _, source in source.assetId == "mountain-ssai" ? service : nil }
        await player.startPlayback(playable: AssetPlayable(assetId: "mountain-ssai")).value

        // Pre-roll ad-1 (6 s) and ad-2 (10 s), mid-roll ad-3 (4 s) at 316 s.
        #expect(
            heard.withLock { $0 } == [
                "ads mountain-ssai 5", "clip 0-6000", "ended 0-6000", "clip 6000-16000", "ended 6000-16000", "clip 316000-320000",
                "ended 316000-320000"
            ])
        #expect(service.calls.withLock { $0 } == ["started", "ended"])
    }

    @Test func currentProgramAsksTheEPGAtThePlayhead() async throws {
        let harness = try PlayerHarness()
        let player = try await harness.player()
        let answers = Mutex<[String]>([])
        player.currentProgram { program, error in answers.withLock { $0.append("\(program?.programId ?? "nil") \(error == nil)") } }
        let (asked, done) = AsyncStream.makeStream(of: Void.self)
        player.onProgramChanged { player, _, _ in
            player.currentProgram { program, error in
                answers.withLock { $0.append("\(program?.programId.suffix(4) ?? "nil") \(error == nil)") }
                done.yield()
            }
        }
        let playback = player.startPlayback(playable: AssetPlayable(assetId: "news-24"))
        var iterator = asked.makeAsyncIterator()
        await iterator.next()
        player.stop()
        await playback.value
        // Before playback there is nothing to ask; on air at 13:20 is the 13:00 program.
        #expect(answers.withLock { $0 } == ["nil true", "1300 true"])
    }
}
