import Clocks
import HLS
import Testing

@testable import MockPlatform

/// Thumbnail tracks cover a title end to end and point at tiles that exist.
@Suite struct SpriteTrackBuilderTests {
    let media: MediaManifest
    static let base = "http://127.0.0.1:8080"

    init() throws { media = try InProcessPlatform().platform.context.catalog.catalog.media }

    @Test(arguments: [1_000, 10_000, 59_999, 60_000, 125_500, 2_700_000])
    func cuesCoverTheDurationWithoutGaps(durationMs: Int64) throws {
        for sprites in media.sprites {
            let track = SpriteTrackBuilder.track(
                duration: .milliseconds(durationMs), sprites: sprites, reelDuration: media.reel.duration, base: Self.base)
            #expect(track.cues.first?.startMilliseconds == 0)
            #expect(track.cues.last?.endMilliseconds == durationMs)
            for (previous, next) in zip(track.cues, track.cues.dropFirst()) {
                #expect(previous.endMilliseconds == next.startMilliseconds)
            }
            for cue in track.cues {
                #expect(cue.endMilliseconds > cue.startMilliseconds)
                #expect(cue.endMilliseconds - cue.startMilliseconds <= sprites.interval.wholeMilliseconds)
                let region = try #require(cue.region)
                #expect(region.width == sprites.width && region.height == sprites.height)
                #expect(region.x >= 0 && region.y >= 0)
                #expect(region.x + region.width <= sprites.columns * sprites.width)
                #expect(region.y + region.height <= sprites.rows * sprites.height)
                #expect(sprites.sheets.contains { "\(Self.base)/media/\($0.file)" == cue.image })
            }
        }
    }

    @Test func thumbnailsLoopWithTheReel() throws {
        let sprites = try #require(media.sprites.first)
        let reel = media.reel.duration.wholeMilliseconds
        let track = SpriteTrackBuilder.track(
            duration: media.reel.duration * 3, sprites: sprites, reelDuration: media.reel.duration, base: Self.base)
        #expect(track.cue(at: 0)?.region == track.cue(at: reel)?.region)
        #expect(track.cue(at: 15_000)?.region == track.cue(at: 2 * reel + 15_000)?.region)
        #expect(track.cue(at: 0)?.region != track.cue(at: 15_000)?.region)
        // Thumbnail i sits in column i mod columns, row i / columns.
        #expect(track.cue(at: 15_000)?.region == SpriteRegion(x: sprites.width, y: 0, width: sprites.width, height: sprites.height))
    }

    @Test func emptyForZeroDuration() throws {
        let sprites = try #require(media.sprites.first)
        #expect(
            SpriteTrackBuilder.track(duration: .zero, sprites: sprites, reelDuration: media.reel.duration, base: Self.base).cues.isEmpty)
    }
}
