import ExposurePlayback
import Testing

/// The official SDK's spellings of the properties mean the seed's.
@Suite struct PlaybackPropertiesTests {
    @Test func officialSpellingsAreTheSeedsValues() {
        #expect(PlaybackProperties.PlayFrom.defaultBehaviour == .defaultBehavior)
        #expect(PlaybackProperties.PlayFrom.customTime(timestamp: 42) == .customTime(time: 42))
        #expect(PlaybackProperties.LanguagePreferences.defaultBehaviour == .defaultBehavior)
        #expect(PlaybackProperties(autoPlay: false, maxBitrate: 300_000) == PlaybackProperties(autoplay: false, maxBitrate: 300_000))
        #expect(PlaybackProperties().maxBitrate == nil && PlaybackProperties().autoplay)
    }
}
