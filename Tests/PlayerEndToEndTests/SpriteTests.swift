import Exposure
import ExposurePlayback
import Testing

@Suite struct SpriteTests {
    @Test func spriteForATime() async throws {
        let harness = try PlayerHarness()
        let player = try await harness.player()
        player.onPlaybackReady { player, _ in player.stop() }
        await player.startPlayback(playable: AssetPlayable(assetId: "arctic-journey")).value
        let width = try #require(player.entitlement?.sprites?.first?.width)
        let count = try await player.activateSprites(assetId: "arctic-journey", width: width, quality: .medium)
        #expect(count > 0)
        let sprite = try #require(player.getSprite(time: 125_000, assetId: "arctic-journey"))
        #expect(sprite.startMs <= 125_000 && 125_000 < sprite.endMs)
        #expect(sprite.region?.width == width)
        #expect(Array(sprite.sheet.prefix(2)) == [0xFF, 0xD8])  // a JPEG
        #expect(player.getSprite(time: 125_000, assetId: "other") == nil)
    }
}
