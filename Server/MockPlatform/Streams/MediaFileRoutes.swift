import Clocks
import ExposureModels
import Foundation
import HLS
import HTTPServer

/// Segment, subtitle and sprite-sheet files under `Fixtures/media`, and sprite VTT tracks.
extension ExposureAPI {
    mutating func registerMediaFiles() {
        addUnversioned(.get, "/media/{path...}") { context throws(ExposureErrorMessage) in
            guard let file = context.loaded.mediaFiles.file(at: context.path("path")) else {
                throw ExposureErrorMessage(
                    httpCode: 404, message: "NOT_FOUND", extendedMessage: "No media file at \(context.request.path).")
            }
            let clear = {
                let tags = SegmentTimedMetadata.tags(path: context.path("path"), query: context.query, loaded: context.loaded)
                return tags.isEmpty ? file : TimedMetadataMuxer.segment(file, carrying: tags) ?? file
            }
            let body = try SegmentEncryption.body(
                of: clear, path: context.path("path"), asset: context.query["asset"], sequence: context.query["seq"], loaded: context.loaded
            )
            return ByteRangeResponder.response(
                for: body, rangeHeader: context.request.headers["Range"],
                contentType: MediaFileStore.contentType(of: context.path("path")),
                cacheControl: "public, max-age=31536000, immutable")
        }

        addUnversioned(.get, "/sprites/{assetId}/{width}/thumbnails.vtt") { context throws(ExposureErrorMessage) in
            let media = context.catalog.media
            guard let width = Int(context.path("width")), let sprites = media.sprites.first(where: { $0.width == width }),
                let duration = Self.spriteDuration(assetId: context.path("assetId"), context: context)
            else {
                throw ExposureErrorMessage(httpCode: 404, message: "NOT_FOUND", extendedMessage: "No sprites at \(context.request.path).")
            }
            let track = SpriteTrackBuilder.track(
                duration: duration, sprites: sprites, reelDuration: media.reel.duration,
                base: context.baseURL)
            return HTTPResponse(
                status: 200, headers: HTTPHeaders([("Content-Type", "text/vtt; charset=utf-8"), ("Cache-Control", "max-age=300")]),
                body: Data(SpriteVTT.bytes(track)))
        }
    }

    /// How long the sprite track of an asset runs: the playable duration of a VOD title or a program.
    private static func spriteDuration(assetId: String, context: RequestContext) -> Duration? {
        let media = context.catalog.media
        if let entry = context.catalog.assetsById[assetId], entry.mock.channel == nil, entry.mock.event == nil,
            entry.mock.audioOnly != true, let duration = entry.asset.duration
        {
            let content = media.contentDuration(forAssetDuration: .milliseconds(duration))
            guard let ssai = entry.mock.ssai else { return content }
            return SSAITimeline(settings: ssai, contentDuration: content, segmentDuration: media.segmentDuration, media: media)
                .totalDuration
        }
        return context.loaded.program(assetId: assetId).map { $0.end - $0.start }
    }
}
