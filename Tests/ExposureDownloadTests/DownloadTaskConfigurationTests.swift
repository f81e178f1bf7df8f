import ExposureDownload
import Foundation
import Testing

/// What a download task's configuration selects, as values: renditions by bitrate and size,
/// tracks by HLS name, the tracks left to offer, and the official state names.
@Suite struct DownloadTaskConfigurationTests {
    static let tracks = MediaTracks(
        videos: [
            MediaTracks.Video(bitrate: 300_000, resolution: "640x360"), MediaTracks.Video(bitrate: 1_200_000, resolution: "1280x720"),
            MediaTracks.Video(bitrate: 3_000_000, resolution: "1920x1080")
        ],
        audios: [MediaTracks.Media(language: "en", name: "English"), MediaTracks.Media(language: "sv", name: "Svenska")],
        subtitles: [MediaTracks.Media(language: "en", name: "English CC"), MediaTracks.Media(language: "fi", name: "Suomi")])

    @Test func aSizePicksTheLowestRenditionCoveringItElseTheHighest() {
        #expect(DownloadTaskConfiguration.bitrate(for: CGSize(width: 1280, height: 720), among: Self.tracks.videos) == 1_200_000)
        #expect(DownloadTaskConfiguration.bitrate(for: CGSize(width: 700, height: 300), among: Self.tracks.videos) == 1_200_000)
        #expect(DownloadTaskConfiguration.bitrate(for: CGSize(width: 3840, height: 2160), among: Self.tracks.videos) == 3_000_000)
        #expect(DownloadTaskConfiguration.bitrate(for: CGSize(width: 1, height: 1), among: []) == nil)
    }

    @Test func namesSelectLanguagesAndAllAdditionalMediaSelectsEverything() throws {
        var configuration = DownloadTaskConfiguration(identifier: "a")
        #expect(!configuration.needsAvailableTracks)
        configuration.audios = ["Svenska"]
        configuration.subtitles = []
        #expect(configuration.needsAvailableTracks)
        let selection = try configuration.selection(among: Self.tracks)
        #expect(selection.audioLanguages == ["sv"] && selection.subtitleLanguages == [] && selection.videoBitrate == nil)

        configuration.allAudiosSubs = true
        #expect(!configuration.needsAvailableTracks)
        let everything = try configuration.selection(among: Self.tracks)
        #expect(everything.audioLanguages == nil && everything.subtitleLanguages == nil)
    }

    @Test func anUnknownNameIsInvalidSource() {
        var configuration = DownloadTaskConfiguration(identifier: "a")
        configuration.subtitles = ["Klingon"]
        #expect(throws: OfflineManagerError.invalidSource("the asset has no subtitle track named Klingon")) {
            try configuration.selection(among: Self.tracks)
        }
    }

    @Test func additionalMediaOffersWhatTheSelectionLeavesOutAndAddingTakesIt() {
        let selection = OfflineTrackSelection(available: Self.tracks, audioLanguages: ["en"], subtitleLanguages: [])
        let offer = AdditionalMedia(available: Self.tracks, selection: selection)
        #expect(offer.audio.map(\.hlsName) == ["Svenska"] && offer.subtitles.map(\.hlsName) == ["English CC", "Suomi"])
        #expect(offer.video.isEmpty)

        let added = selection.adding(offer.subtitles[1])
        #expect(added.subtitleLanguages == ["fi"] && added.audioLanguages == ["en"])
        // Every track already chosen (nil): nothing to offer.
        let all = AdditionalMedia(available: Self.tracks, selection: OfflineTrackSelection(available: Self.tracks))
        #expect(all.audio.isEmpty && all.subtitles.isEmpty)
    }

    @Test func everyManagerStateHasItsOfficialName() {
        #expect(OfflineState.allCases.map(DownloadState.init) == [.notDownloaded, .downloading, .suspend, .cancel, .completed])
    }
}
