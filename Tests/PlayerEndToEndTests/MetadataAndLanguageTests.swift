import Exposure
import ExposurePlayback
import TestSupport
import Testing

@Suite(.onItsOwnQueue) struct MetadataAndLanguageTests {
    @Test func dateRangeMetadataIsFilteredByIdentifiers() async throws {
        let harness = try PlayerHarness()
        let player = try await harness.player()
        let log = EventLog(player, clock: harness.clock)
        player.onDateRangeMetadataChanged { _ in }
        await player.startPlayback(playable: AssetPlayable(assetId: "mountain-ssai"), metadataIdentifiers: ["X-AD-ID "]).value
        let groups = log.metadata.filter { !$0.isEmpty }
        #expect(!groups.isEmpty)
        for group in groups {
            for item in group { #expect(Array(item.attributes.keys) == ["X-AD-ID"]) }
        }
        #expect(log.names.last == "playbackCompleted")
    }

    @Test func customLanguages() async throws {
        let harness = try PlayerHarness()
        let player = try await harness.player()
        player.onPlaybackReady { player, _ in player.stop() }
        await player.startPlayback(
            playable: AssetPlayable(assetId: "arctic-journey"), properties: PlaybackProperties(language: .custom(text: "sv", audio: "sv"))
        ).value
        #expect(player.selectedAudioLanguage == "sv")
        #expect(player.selectedTextLanguage == "sv")
        #expect(player.availableAudioLanguages == ["en", "sv"])
    }

    @Test func userPreferenceRemembersChoicesAndFallsBack() async throws {
        let harness = try PlayerHarness()
        let player = try await harness.player(deviceLanguage: "en")
        player.onPlaybackReady { player, _ in player.stop() }
        let properties = PlaybackProperties(language: .userPreference)
        await player.startPlayback(playable: AssetPlayable(assetId: "arctic-journey"), properties: properties).value
        // Nothing stored: the device language, and no subtitles since audio is in it.
        #expect(player.selectedAudioLanguage == "en")
        #expect(player.selectedTextLanguage == nil)
        player.selectAudio(language: "sv")
        await player.startPlayback(playable: AssetPlayable(assetId: "arctic-journey"), properties: properties).value
        // Stored Swedish audio; it is not the device language, so English subtitles come on.
        #expect(player.selectedAudioLanguage == "sv")
        #expect(player.selectedTextLanguage == "en")
    }
}
