import Exposure
import ExposurePlayback
import Foundation
import HLS
import TestSupport
import Testing

@Suite(.onItsOwnQueue) struct SpriteTests {
    @Test func spriteForATime() async throws {
        let harness = try PlayerHarness()
        let player = try await harness.player()
        player.onPlaybackReady { player, _ in player.stop() }
        await player.startPlayback(playable: AssetPlayable(assetId: "arctic-journey")).value
        let width = try #require(player.entitlement?.sprites?.first?.width)
        let count = try await player.activateSprites(assetId: "arctic-journey", width: width, quality: .medium)
        #expect(count > 0)
        let sprite = try #require(player.getSprite(time: 125_000, assetId: "arctic-journey"))
        #expect(sprite.start <= .milliseconds(125_000) && .milliseconds(125_000) < sprite.end)
        #expect(sprite.region?.width == width)
        #expect(Array(sprite.sheet.prefix(2)) == [0xFF, 0xD8])  // a JPEG
        #expect(player.getSprite(time: 125_000, assetId: "other") == nil)
    }

    /// The seed's callback forms: `activateSprites(…) { spritesData, error in }` and
    /// `getSprite(time: "HH:MM:SS", …) { image, startTime, endTime in }`.
    @Test func callbackForms() async throws {
        let harness = try PlayerHarness()
        let player = try await harness.player()
        player.onPlaybackReady { player, _ in player.stop() }
        await player.startPlayback(playable: AssetPlayable(assetId: "arctic-journey")).value
        let activated = await withCheckedContinuation { continuation in
            player.activateSprites(assetId: "arctic-journey", quality: .medium) { spritesData, error in
                continuation.resume(returning: (spritesData?.count ?? 0, error))
            }
        }
        #expect(activated.0 > 0 && activated.1 == nil)
        var found: (SpriteImage?, TimeInterval?, TimeInterval?)
        player.getSprite(time: "00:02:05", assetId: "arctic-journey") { found = ($0, $1, $2) }
        #expect(found.0 == player.getSprite(time: 125_000, assetId: "arctic-journey"))
        #expect((found.1 ?? .infinity) <= 125 && 125 < (found.2 ?? 0))
        player.getSprite(time: "2 minutes", assetId: "arctic-journey") { found = ($0, $1, $2) }
        #expect(found.0 == nil && found.1 == nil)
        let missing = await withCheckedContinuation { continuation in
            player.activateSprites(assetId: "other") { spritesData, error in continuation.resume(returning: (spritesData, error)) }
        }
        #expect(missing.0 == nil && missing.1 == .noSprites(assetId: "other"))
    }
}
