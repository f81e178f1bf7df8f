import Clocks
import Exposure
import ExposurePlayback
import Foundation
import HLS
import MockPlatform
import Synchronization
import TestSupport
import Testing

/// The ID3 tags a live channel's segments carry reach `onTimedMetadataChanged` when the
/// playhead reaches them, on the virtual clock.
@Suite(.onItsOwnQueue) struct TimedID3MetadataTests {
    @Test func theNextProgramsTagArrivesAtItsStart() async throws {
        // news-24 from 13:20 (Markets); Sports Desk starts at 13:30.
        let harness = try PlayerHarness()
        let player = try await harness.player()
        let log = EventLog(player, clock: harness.clock)
        let received = Mutex<[[TimedMetadata]]>([])
        player.onTimedMetadataChanged { player, _, items in
            let id3 = (items ?? []).filter { if case .id3 = $0 { true } else { false } }
            guard !id3.isEmpty else { return }
            received.withLock { $0.append(id3) }
            player.stop()
        }
        await player.startPlayback(playable: AssetPlayable(assetId: "news-24")).value
        let next = try #require(
            harness.platform.context.catalog.schedules["news-24"]?.program(
                at: WallTime(millisecondsSince1970: PlayerHarness.monday1320 + 600_000)))
        #expect(next.slot.title == "Sports Desk")
        #expect(
            received.withLock { $0 } == [
                [
                    .id3(.priv(owner: "com.redbeemedia.exposure-mock.program", data: Data(next.programId.utf8))),
                    .id3(.txxx(description: "program", value: "Sports Desk"))
                ]
            ])
        // Reported when the playhead reached the program's first frame, not when its segment arrived.
        let at = try #require(log.timedID3Times.first)
        #expect(at >= next.start.millisecondsSince1970)
        #expect(log.errors.isEmpty)
    }
}
