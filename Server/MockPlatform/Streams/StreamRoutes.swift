import Clocks
import ExposureModels
import Foundation
import HLS
import HTTPServer

/// The stream URLs entitlements hand out: master and media playlists for every stream kind.
extension ExposureAPI {
    mutating func registerStreams() {
        addUnversioned(.get, "/streams/vod/{assetId}/{material}/{file...}") { context throws(ExposureErrorMessage) in
            try Self.playlist(context, assetId: context.path("assetId"), timeless: true) {
                $0.vod(assetId: context.path("assetId"), material: context.path("material"))
            }
        }
        addUnversioned(.get, "/streams/ssai/{assetId}/{playSessionId}/{file...}") { context throws(ExposureErrorMessage) in
            try Self.playlist(context, assetId: context.path("assetId"), cacheScope: context.path("assetId"), timeless: true) {
                $0.ssai(assetId: context.path("assetId"))
            }
        }
        addUnversioned(.get, "/streams/live/{channelId}/{file...}") { context throws(ExposureErrorMessage) in
            try Self.playlist(context, assetId: context.path("channelId")) { $0.live(channelId: context.path("channelId")) }
        }
        addUnversioned(.get, "/streams/catchup/{channelId}/{programId}/{file...}") { context throws(ExposureErrorMessage) in
            try Self.playlist(context, assetId: context.path("channelId")) {
                $0.catchup(channelId: context.path("channelId"), programId: context.path("programId"))
            }
        }
        addUnversioned(.get, "/streams/event/{assetId}/{start}/{file...}") { context throws(ExposureErrorMessage) in
            guard let start = Int64(context.path("start")) else { throw Self.noStream(context) }
            return try Self.playlist(context, assetId: context.path("assetId")) {
                $0.event(assetId: context.path("assetId"), startSeconds: start)
            }
        }
    }

    /// Answers `master.m3u8` or one rendition's playlist of the stream `resolve` finds (of the
    /// asset or channel `assetId`, which its segment URLs name), through
    /// the catalog's playlist cache. `cacheScope` replaces the per-session part of a URL in cache
    /// keys (SSAI streams are the same for every play session). `timeless` streams (VOD, SSAI)
    /// never change, so their bytes are looked up before resolving: laying out a long title
    /// costs more than serving it.
    private static func playlist(
        _ context: RequestContext, assetId: String, cacheScope: String? = nil, timeless: Bool = false,
        resolve: (StreamResolver) -> StreamResolver.Resolved?
    ) throws(ExposureErrorMessage) -> HTTPResponse {
        let cache = context.loaded.playlists
        let key = PlaylistCache.Key(stream: cacheScope.map { "scope:\($0)" } ?? context.request.path, file: context.path("file"))
        let keys = StreamKeys(assetId: assetId, loaded: context.loaded)
        if timeless {
            let body = cache.bytes(for: key, window: nil) {
                resolve(StreamResolver(loaded: context.loaded, now: context.now)).flatMap { stream in
                    bytes(of: stream, assetId: assetId, keys: keys, key: key, media: context.catalog.media, cache: nil)
                }
            }
            guard let body else { throw noStream(context) }
            return response(body, keys: keys, context: context, isLive: false)
        }
        guard let stream = resolve(StreamResolver(loaded: context.loaded, now: context.now)),
            let body = bytes(
                of: stream, assetId: assetId, keys: keys, key: key, media: context.catalog.media, cache: cache,
                deltaUpdate: deltaUpdateRequest(context))
        else {
            throw noStream(context)
        }
        return response(body, keys: keys, context: context, isLive: stream.isLive)
    }

    /// The Playlist Delta Update the request asks for with the `_HLS_skip` delivery directive
    /// (RFC 8216bis §6.2.5.1): `YES` or `v2` (every playlist that offers updates also offers
    /// CAN-SKIP-DATERANGES). Any other value is ignored and answered with the full playlist,
    /// which is always a correct answer to a playlist request.
    private static func deltaUpdateRequest(_ context: RequestContext) -> DeltaUpdateRequest? {
        context.query[DeltaUpdateRequest.directiveName].flatMap(DeltaUpdateRequest.init(rawValue:))
    }

    /// The bytes of `key.file` (master or a rendition) of `stream`, through `cache` when given:
    /// the Playlist Delta Update `deltaUpdate` when the playlist offers them, else the full one.
    private static func bytes(
        of stream: StreamResolver.Resolved, assetId: String, keys: StreamKeys?, key: PlaylistCache.Key, media: MediaManifest,
        cache: PlaylistCache?, deltaUpdate: DeltaUpdateRequest? = nil
    ) -> Data? {
        func cached(_ key: PlaylistCache.Key, window: ClosedRange<Int>?, _ make: () -> Data?) -> Data? {
            guard let cache else { return make() }
            return cache.bytes(for: key, window: window, make: make)
        }
        if key.file == "master.m3u8" {
            // The session key is the one playback starts with: at the live edge, else the first segment's.
            let sessionKeyID = keys.map { keys in
                let sequence = stream.isLive ? stream.sequences.upperBound : stream.sequences.lowerBound
                return keys.keyID(segmentStart: stream.timeline.segment(sequence).start)
            }
            let masterKey = sessionKeyID.map { PlaylistCache.Key(stream: key.stream + "#" + $0.text, file: key.file) } ?? key
            return cached(masterKey, window: nil) {
                let sessionKey = keys.flatMap { keys in sessionKeyID.map(keys.key) }
                return Data(
                    HLSWriter.bytes(MasterPlaylistBuilder.playlist(media: media, audioOnly: stream.audioOnly, sessionKey: sessionKey)))
            }
        }
        // Laid out only on a miss (a file that names no rendition is never cached): a live window
        // changes once per segment, and is asked for far more often.
        func layout() -> (MediaPlaylistBuilder, liveEdge: WallTime)? {
            guard let rendition = RenditionKey(path: key.file) else { return nil }
            let liveEdge = stream.timeline.segment(stream.sequences.upperBound).start + media.segmentDuration
            let builder = MediaPlaylistBuilder(media: media, timeline: stream.timeline, rendition: rendition, assetId: assetId, keys: keys)
            return (builder, liveEdge)
        }
        if let deltaUpdate, stream.kind.offersDeltaUpdates {
            var deltaKey = key
            deltaKey.deltaUpdate = deltaUpdate
            return cached(deltaKey, window: stream.sequences) {
                guard let (builder, liveEdge) = layout() else { return nil }
                return builder.deltaUpdate(stream.sequences, kind: stream.kind, liveEdge: liveEdge, skipping: deltaUpdate)
                    .map { Data(HLSWriter.bytes($0)) }
            }
        }
        return cached(key, window: stream.sequences) {
            guard let (builder, liveEdge) = layout() else { return nil }
            return builder.playlist(stream.sequences, kind: stream.kind, liveEdge: liveEdge).map { Data(HLSWriter.bytes($0)) }
        }
    }

    /// The playlist `body` as served: an encrypted stream's with the request's play token (its
    /// `token` query) in the slots the cached bytes keep for it.
    private static func response(_ body: Data, keys: StreamKeys?, context: RequestContext, isLive: Bool) -> HTTPResponse {
        let body = keys == nil ? body : PlayTokenSlot.fill(body, token: context.query["token"])
        var headers = HTTPHeaders([("Content-Type", "application/vnd.apple.mpegurl")])
        // Live playlists change every segment: at most half the target duration (hls-rules.md).
        headers.add("Cache-Control", isLive ? "max-age=1" : "max-age=300")
        return HTTPResponse(status: 200, headers: headers, body: body)
    }

    private static func noStream(_ context: RequestContext) -> ExposureErrorMessage {
        ExposureErrorMessage(httpCode: 404, message: "NOT_FOUND", extendedMessage: "No stream at \(context.request.path).")
    }
}
