/// `media/media.json`: the real media segments and sprite sheets every stream is made of,
/// written by `scripts/make-media` (see docs/media.md). Playlists are generated from it.
public struct MediaManifest: Codable, Sendable, Equatable {
    /// The nominal segment duration, ms.
    public var segmentDurationMs: Int64
    /// EXT-X-TARGETDURATION, seconds.
    public var targetDuration: Int
    /// The content reel every title loops.
    public var reel: Clip
    /// The ad creatives.
    public var ads: [Clip]
    /// Thumbnail sprite sheets, one set per thumbnail width.
    public var sprites: [SpriteSet]

    /// No media at all: stands in for a `media.json` that could not be read, so that the other
    /// files are still checked.
    static let empty = MediaManifest(
        segmentDurationMs: 0, targetDuration: 0,
        reel: Clip(id: nil, durationMs: 0, segmentCount: 0, video: [], audio: [], subtitles: []), ads: [], sprites: [])

    /// A piece of media in every rendition: the reel or an ad.
    public struct Clip: Codable, Sendable, Equatable {
        /// The ad's id (absent for the reel).
        public var id: String?
        /// Its exact duration, ms.
        public var durationMs: Int64
        /// How many segments each rendition has.
        public var segmentCount: Int
        /// Video renditions, lowest first.
        public var video: [Rendition]
        /// Audio renditions, one per language.
        public var audio: [Rendition]
        /// Segmented WebVTT subtitles, one per language.
        public var subtitles: [Rendition]
    }

    /// One rendition of a clip: a folder of segments.
    public struct Rendition: Codable, Sendable, Equatable {
        /// `360p`, `English`, …
        public var name: String
        /// The language of audio and subtitles.
        public var language: String?
        /// Video width, pixels.
        public var width: Int?
        /// Video height, pixels.
        public var height: Int?
        /// Video frame rate.
        public var frameRate: Double?
        /// RFC 6381 codecs string.
        public var codecs: String?
        /// Peak bits/s.
        public var bandwidth: Int?
        /// Average bits/s.
        public var averageBandwidth: Int?
        /// The folder, relative to the media directory.
        public var path: String
        /// The segments in order.
        public var segments: [Segment]
    }

    /// One media file.
    public struct Segment: Codable, Sendable, Equatable {
        /// The file name inside the rendition folder.
        public var file: String
        /// Its exact duration, ms.
        public var durationMs: Int64
        /// Its size in bytes.
        public var bytes: Int
    }

    /// Thumbnails of the reel at one width, tiled into JPEG sheets.
    public struct SpriteSet: Codable, Sendable, Equatable {
        /// Thumbnail width, pixels.
        public var width: Int
        /// Thumbnail height, pixels.
        public var height: Int
        /// One thumbnail per this many ms of the reel.
        public var intervalMs: Int64
        /// Tiles per row of a sheet.
        public var columns: Int
        /// Rows of tiles per sheet.
        public var rows: Int
        /// How many thumbnails there are.
        public var count: Int
        /// The sheets.
        public var sheets: [Sheet]

        /// One JPEG sheet.
        public struct Sheet: Codable, Sendable, Equatable {
            /// The file, relative to the media directory.
            public var file: String
            /// The first thumbnail index on the sheet.
            public var firstIndex: Int
            /// How many thumbnails it holds.
            public var count: Int
        }
    }

    /// The ad creative with that id.
    public func ad(_ id: String) -> Clip? { ads.first { $0.id == id } }
}

extension MediaManifest {
    /// How long a title of `assetDurationMs` plays: whole segments, at least one.
    func contentDurationMs(forAssetDurationMs assetDurationMs: Int64) -> Int64 {
        max(1, assetDurationMs / segmentDurationMs) * segmentDurationMs
    }
}
