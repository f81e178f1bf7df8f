/// `media/media.json`: the real media segments and sprite sheets the streams are made of,
/// written by `scripts/make-media`. Only what the platform needs is decoded here.
public struct MediaManifest: Codable, Sendable, Equatable {
    /// The nominal segment duration, ms.
    public var segmentDurationMs: Int64
    /// The highest segment duration rounded up, seconds (EXT-X-TARGETDURATION).
    public var targetDuration: Int
    /// The content reel every title loops.
    public var reel: Clip
    /// The ad creatives, by id.
    public var ads: [Ad]
    /// Thumbnail sprite sheets, one set per thumbnail width.
    public var sprites: [SpriteSet]

    /// Thumbnails of the reel at one width.
    public struct SpriteSet: Codable, Sendable, Equatable {
        /// Thumbnail width, pixels.
        public var width: Int
    }

    /// One ad creative's media.
    public struct Ad: Codable, Sendable, Equatable {
        /// The creative id.
        public var id: String
        /// Its exact duration, ms.
        public var durationMs: Int64
    }

    /// A piece of media.
    public struct Clip: Codable, Sendable, Equatable {
        /// Its exact duration, ms.
        public var durationMs: Int64
        /// How many segments each rendition has.
        public var segmentCount: Int
    }

    /// The creative with that id.
    public func ad(_ id: String) -> Ad? { ads.first { $0.id == id } }
}

extension MediaManifest {
    /// How long a title of `assetDurationMs` plays: whole segments, at least one.
    func contentDurationMs(forAssetDurationMs assetDurationMs: Int64) -> Int64 {
        max(1, assetDurationMs / segmentDurationMs) * segmentDurationMs
    }
}
