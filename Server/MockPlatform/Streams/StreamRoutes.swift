import ExposureModels
import Foundation
import HLS
import HTTPServer

/// The stream URLs entitlements hand out: master and media playlists for every stream kind.
extension ExposureAPI {
    mutating func registerStreams(cache: PlaylistCache) {
        addUnversioned(.get, "/streams/vod/{assetId}/{material}/{file...}") { context throws(ExposureErrorMessage) in
            try Self.playlist(context, cache: cache, timeless: true) { $0.vod(assetId: context.path("assetId"), material: context.path("material")) }
        }
        addUnversioned(.get, "/streams/ssai/{assetId}/{playSessionId}/{file...}") { context throws(ExposureErrorMessage) in
            try Self.playlist(context, cache: cache, cacheScope: context.path("assetId"), timeless: true) { $0.ssai(assetId: context.path("assetId")) }
        }
        addUnversioned(.get, "/streams/live/{channelId}/{file...}") { context throws(ExposureErrorMessage) in
            try Self.playlist(context, cache: cache) { $0.live(channelId: context.path("channelId")) }
        }
        addUnversioned(.get, "/streams/catchup/{channelId}/{programId}/{file...}") { context throws(ExposureErrorMessage) in
            try Self.playlist(context, cache: cache) { $0.catchup(channelId: context.path("channelId"), programId: context.path("programId")) }
        }
        addUnversioned(.get, "/streams/event/{assetId}/{start}/{file...}") { context throws(ExposureErrorMessage) in
            guard let start = Int64(context.path("start")) else { throw Self.noStream(context) }
            return try Self.playlist(context, cache: cache) { $0.event(assetId: context.path("assetId"), startSeconds: start) }
        }
    }

    /// Answers `master.m3u8` or one rendition's playlist of the stream `resolve` finds.
    /// `cacheScope` replaces the per-session part of a URL in cache keys (SSAI streams are the
    /// same for every play session). `timeless` streams (VOD, SSAI) never change, so their bytes
    /// are looked up before resolving: laying out a long title costs more than serving it.
    private static func playlist(
        _ context: RequestContext, cache: PlaylistCache, cacheScope: String? = nil, timeless: Bool = false,
        resolve: (StreamResolver) -> StreamResolver.Resolved?
    ) throws(ExposureErrorMessage) -> HTTPResponse {
        let file = context.path("file")
        let scope = cacheScope.map { "scope:\($0)" } ?? context.request.path
        if timeless {
            let body = cache.bytes(for: "\(scope)|\(file)", version: "timeless") {
                resolve(StreamResolver(loaded: context.loaded, nowMs: context.nowMs)).flatMap { stream in
                    bytes(of: stream, file: file, media: context.catalog.media, cache: nil, scope: scope)
                }
            }
            guard let body else { throw noStream(context) }
            return response(body, isLive: false)
        }
        guard let stream = resolve(StreamResolver(loaded: context.loaded, nowMs: context.nowMs)),
              let body = bytes(of: stream, file: file, media: context.catalog.media, cache: cache, scope: scope) else {
            throw noStream(context)
        }
        return response(body, isLive: stream.isLive)
    }

    /// The bytes of `file` (master or a rendition) of `stream`, through `cache` when given.
    private static func bytes(
        of stream: StreamResolver.Resolved, file: String, media: MediaManifest, cache: PlaylistCache?, scope: String
    ) -> Data? {
        func cached(_ playlist: String, version: String, _ make: () -> Data?) -> Data? {
            guard let cache else { return make() }
            return cache.bytes(for: playlist, version: version, make: make)
        }
        if file == "master.m3u8" {
            return cached("\(scope)|master", version: "\(stream.audioOnly)") {
                Data(HLSWriter.bytes(MasterPlaylistBuilder.playlist(media: media, audioOnly: stream.audioOnly)))
            }
        }
        guard let rendition = RenditionKey(path: file) else { return nil }
        // A live window changes when its bounds do: one cached version per playlist.
        return cached("\(scope)|\(file)", version: "\(stream.sequences.lowerBound)-\(stream.sequences.upperBound)") {
            MediaPlaylistBuilder(media: media, timeline: stream.timeline, rendition: rendition)
                .playlist(stream.sequences, kind: stream.kind, liveEdgeMs: stream.timeline.segment(stream.sequences.upperBound).startMs + media.segmentDurationMs)
                .map { Data(HLSWriter.bytes($0)) }
        }
    }

    private static func response(_ body: Data, isLive: Bool) -> HTTPResponse {
        var headers = HTTPHeaders([("Content-Type", "application/vnd.apple.mpegurl")])
        // Live playlists change every segment: at most half the target duration (hls-rules.md).
        headers.add("Cache-Control", isLive ? "max-age=1" : "max-age=300")
        return HTTPResponse(status: 200, headers: headers, body: body)
    }

    private static func noStream(_ context: RequestContext) -> ExposureErrorMessage {
        ExposureErrorMessage(httpCode: 404, message: "NOT_FOUND", extendedMessage: "No stream at \(context.request.path).")
    }
}
