import Exposure
import Foundation
import HLS

/// Scrubbing thumbnails from the entitlement's sprite tracks.
extension Player {
    /// Why sprites could not be activated.
    public enum SpriteError: Error, Sendable, Equatable {
        /// The current playback is not of this asset, or its entitlement lists no sprites.
        case noSprites(assetId: String)
        /// A VTT or sheet could not be fetched or read.
        case unavailable(url: String, reason: String)
    }

    /// Fetches the sprite VTT of `assetId` (the track of `width`, else the first) and every
    /// sheet it names, and caches them for ``getSprite(time:assetId:)``.
    ///
    /// - Returns: How many thumbnails the track has.
    @discardableResult
    public func activateSprites(assetId: String, width: Int? = nil, quality: JPEGQuality = .high) async throws(SpriteError) -> Int {
        guard let source = session?.source, source.assetId == assetId || source.entitlement.assetId == assetId,
            let sprite = source.sprites.first(where: { width == nil || $0.width == width }) ?? source.sprites.first,
            let vtt = sprite.vtt, let vttURL = URL(string: vtt)
        else { throw .noSprites(assetId: assetId) }
        let cues: SpriteTrack
        do { cues = try SpriteVTT.parse(try await fetch(vttURL)) } catch { throw .unavailable(url: vtt, reason: "\(error)") }
        var sheets: [URL: Data] = [:]
        for url in Set(cues.cues.compactMap { $0.imageURL(relativeTo: vttURL) }) {
            do { sheets[url] = try await fetch(url) } catch { throw .unavailable(url: url.absoluteString, reason: "\(error)") }
        }
        sprites.store(SpriteCache.Track(cues: cues, vttURL: vttURL, sheets: sheets), for: assetId)
        return cues.cues.count
    }

    /// The thumbnail for `time` (ms into the asset) of an activated asset; nil when none covers it.
    public func getSprite(time: Int64, assetId: String) -> SpriteImage? {
        sprites.image(at: .milliseconds(time), assetId: assetId)
    }

    private func fetch(_ url: URL) async throws -> Data {
        let response = try await dependencies.streamTransport.send(TransportRequest(method: .get, url: url))
        guard response.isSuccess else { throw ExposureError.invalidResponse(reason: "HTTP \(response.status)") }
        return response.body
    }
}
