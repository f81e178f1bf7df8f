import Exposure
import ExposurePlayback
import Foundation
import TestSupport
import Testing

/// Live playback over HTTP against the mock keeps its 2-hour DVR window up to date with
/// Playlist Delta Updates: a full load the first time a playlist is loaded (ABR moves between
/// video variants; the variants below the playing one are kept as standby copies), then
/// `_HLS_skip=v2` reloads, which skip the DATERANGEs already loaded too.
@Suite(.onItsOwnQueue) struct DeltaUpdatePlaybackTests {
    @Test func liveReloadsAreDeltaUpdatesAndPlaybackFollowsTheSchedule() async throws {
        // news-24 at 13:20: Markets until 13:30, then Sports Desk.
        let harness = try PlayerHarness()
        let clock = harness.clock
        let recorder = RecordingTransport { clock.nowMs }
        let player = try await harness.player(streamTransport: recorder)
        let log = EventLog(player, clock: clock)
        player.onProgramChanged { player, _, _ in
            if log.programs.count == 2 { player.stop() }
        }
        await player.startPlayback(playable: AssetPlayable(assetId: "news-24")).value
        #expect(log.errors.isEmpty)
        #expect(log.programs.map { $0.programId.suffix(4) } == ["1300", "1330"])
        // The DVR window is whole after ~300 merges.
        #expect((player.seekableTimeRange.map { $0.upperBound - $0.lowerBound } ?? 0) > 7_000_000)
        for playlist in ["/video/", "/audio/en.m3u8"] {
            let loads = recorder.requests(containing: "/streams/live/news-24/").filter {
                $0.path.contains(playlist) && $0.path.hasSuffix(".m3u8")
            }
            // Each playlist (the playing variant's, a standby copy's, the audio's) is first loaded
            // in full; a delta update only while its copy is no older than half the Skip Boundary.
            for path in Set(loads.map(\.path)).sorted() {
                let ofPath = loads.filter { $0.path == path }
                #expect(ofPath.first?.query == nil, "\(path): the first load is full")
                for (index, load) in ofPath.enumerated().dropFirst() where load.query != nil {
                    #expect(load.query == "_HLS_skip=v2", "\(path) load \(index): \(load.query ?? "")")
                    #expect(load.timeMs - ofPath[index - 1].timeMs <= 12_000, "\(path) load \(index): a copy older than 12 s")
                }
            }
            let full = loads.filter { $0.query == nil }.count
            #expect(loads.filter { $0.query != nil }.count > 250, "\(playlist): delta updates")
            #expect(full <= 6, "\(playlist): \(full) full loads")
        }
    }
}
