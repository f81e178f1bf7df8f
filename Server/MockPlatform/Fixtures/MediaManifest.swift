import Clocks

/// `media/media.json`: the real media segments and sprite sheets every stream is made of,
/// written by `scripts/make-media` (see docs/media.md). Playlists are generated from it. Its
/// lengths are whole milliseconds in the JSON (`segmentDurationMs`, `durationMs`, `intervalMs`).
package struct MediaManifest: Codable, Sendable, Equatable {
    /// The nominal segment duration (`segmentDurationMs` on the wire).
    package var segmentDuration: Duration { wireSegmentDuration.duration }
    private var wireSegmentDuration: WireMilliseconds
    /// EXT-X-TARGETDURATION, seconds.
    package var targetDuration: Int
    /// The content reel every title loops.
    package var reel: Clip
    /// The ad creatives.
    package var ads: [Clip]
    /// Thumbnail sprite sheets, one set per thumbnail width.
    package var sprites: [SpriteSet]

    /// No media at all: stands in for a `media.json` that could not be read, so that the other
    /// files are still checked.
    static let empty = MediaManifest(
        segmentDuration: .zero, targetDuration: 0,
        reel: Clip(id: nil, duration: .zero, segmentCount: 0, video: [], audio: [], subtitles: []), ads: [], sprites: [])

    /// A manifest.
    init(segmentDuration: Duration, targetDuration: Int, reel: Clip, ads: [Clip], sprites: [SpriteSet]) {
        wireSegmentDuration = WireMilliseconds(segmentDuration)
        self.targetDuration = targetDuration
        self.reel = reel
        self.ads = ads
        self.sprites = sprites
    }

    /// The wire's names: the properties' own, but ``segmentDuration``'s `segmentDurationMs`.
    private enum CodingKeys: String, CodingKey {
        case wireSegmentDuration = "segmentDurationMs"
        case targetDuration, reel, ads, sprites
    }

    /// A piece of media in every rendition: the reel or an ad.
    package struct Clip: Codable, Sendable, Equatable {
        /// The ad's id (absent for the reel).
        package var id: String?
        /// Its exact duration (`durationMs` on the wire).
        package var duration: Duration { wireDuration.duration }
        private var wireDuration: WireMilliseconds
        /// How many segments each rendition has.
        package var segmentCount: Int
        /// Video renditions, lowest first.
        package var video: [Rendition]
        /// Audio renditions, one per language.
        package var audio: [Rendition]
        /// Segmented WebVTT subtitles, one per language.
        package var subtitles: [Rendition]

        /// A clip.
        init(id: String?, duration: Duration, segmentCount: Int, video: [Rendition], audio: [Rendition], subtitles: [Rendition]) {
            self.id = id
            wireDuration = WireMilliseconds(duration)
            self.segmentCount = segmentCount
            self.video = video
            self.audio = audio
            self.subtitles = subtitles
        }

        /// The wire's names: the properties' own, but ``duration``'s `durationMs`.
        private enum CodingKeys: String, CodingKey {
            case id
            case wireDuration = "durationMs"
            case segmentCount, video, audio, subtitles
        }
    }

    /// One rendition of a clip: a folder of segments.
    package struct Rendition: Codable, Sendable, Equatable {
        /// `360p`, `English`, …
        package var name: String
        /// The language of audio and subtitles.
        package var language: String?
        /// Video width, pixels.
        package var width: Int?
        /// Video height, pixels.
        package var height: Int?
        /// Video frame rate.
        package var frameRate: Double?
        /// RFC 6381 codecs string.
        package var codecs: String?
        /// Peak bits/s.
        package var bandwidth: Int?
        /// Average bits/s.
        package var averageBandwidth: Int?
        /// The folder, relative to the media directory.
        package var path: String
        /// The segments in order.
        package var segments: [Segment]
    }

    /// One media file.
    package struct Segment: Codable, Sendable, Equatable {
        /// The file name inside the rendition folder.
        package var file: String
        /// Its exact duration (`durationMs` on the wire).
        package var duration: Duration { wireDuration.duration }
        private var wireDuration: WireMilliseconds
        /// Its size in bytes.
        package var bytes: Int

        /// The wire's names: the properties' own, but ``duration``'s `durationMs`.
        private enum CodingKeys: String, CodingKey {
            case file
            case wireDuration = "durationMs"
            case bytes
        }
    }

    /// Thumbnails of the reel at one width, tiled into JPEG sheets.
    package struct SpriteSet: Codable, Sendable, Equatable {
        /// Thumbnail width, pixels.
        package var width: Int
        /// Thumbnail height, pixels.
        package var height: Int
        /// One thumbnail per this much of the reel (`intervalMs` on the wire).
        package var interval: Duration { wireInterval.duration }
        private var wireInterval: WireMilliseconds
        /// Tiles per row of a sheet.
        package var columns: Int
        /// Rows of tiles per sheet.
        package var rows: Int
        /// How many thumbnails there are.
        package var count: Int
        /// The sheets.
        package var sheets: [Sheet]

        /// The wire's names: the properties' own, but ``interval``'s `intervalMs`.
        private enum CodingKeys: String, CodingKey {
            case width, height
            case wireInterval = "intervalMs"
            case columns, rows, count, sheets
        }

        /// One JPEG sheet.
        package struct Sheet: Codable, Sendable, Equatable {
            /// The file, relative to the media directory.
            package var file: String
            /// The first thumbnail index on the sheet.
            package var firstIndex: Int
            /// How many thumbnails it holds.
            package var count: Int
        }
    }

    /// The ad creative with that id.
    package func ad(_ id: String) -> Clip? { ads.first { $0.id == id } }
}

extension MediaManifest {
    /// How long a title whose asset lasts `assetDuration` plays: whole segments, at least one.
    func contentDuration(forAssetDuration assetDuration: Duration) -> Duration {
        segmentDuration * max(1, assetDuration.floorDivided(by: segmentDuration))
    }
}
