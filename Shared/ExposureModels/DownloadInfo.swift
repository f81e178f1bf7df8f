/// `GET /v2/…/entitlement/{assetId}/downloadinfo`: what a download of the asset would take,
/// per video rendition, audio and subtitle track, before anything is fetched.
public struct DownloadInfo: Codable, Sendable, Equatable {
    /// The asset.
    public var assetId: String
    /// The account asking.
    public var accountId: String
    /// The product that entitles the download.
    public var productId: String
    /// The publication that entitles it.
    public var publicationId: String
    /// The title's duration, ms.
    public var durationInMs: Int64
    /// The video renditions, lowest bitrate first.
    public var videos: [Track]
    /// The audio tracks.
    public var audios: [Track]
    /// The subtitle tracks.
    public var subtitles: [Track]
    /// How many times the account has downloaded the asset (renewals do not count).
    public var downloadCount: Int
    /// How many times it may.
    public var maxDownloadCount: Int

    /// An answer.
    public init(
        assetId: String, accountId: String, productId: String, publicationId: String, durationInMs: Int64,
        videos: [Track], audios: [Track], subtitles: [Track], downloadCount: Int, maxDownloadCount: Int
    ) {
        self.assetId = assetId
        self.accountId = accountId
        self.productId = productId
        self.publicationId = publicationId
        self.durationInMs = durationInMs
        self.videos = videos
        self.audios = audios
        self.subtitles = subtitles
        self.downloadCount = downloadCount
        self.maxDownloadCount = maxDownloadCount
    }

    /// One downloadable track: a video rendition, an audio or a subtitle language.
    public struct Track: Codable, Sendable, Equatable {
        /// The rendition's name, e.g. `360p` or `English`.
        public var name: String?
        /// Peak bits per second (video and audio).
        public var bitrate: Int?
        /// Bytes of all its segments over the whole title.
        public var fileSize: Int64?
        /// ISO 639-1 language (audio and subtitles).
        public var language: String?
        /// Pixels (video).
        public var width: Int?
        /// Pixels (video).
        public var height: Int?
        /// The NAME of its `EXT-X-MEDIA` (audio, subtitles) or the rendition in the master playlist.
        public var hlsName: String?

        /// A track.
        public init(
            name: String? = nil, bitrate: Int? = nil, fileSize: Int64? = nil, language: String? = nil,
            width: Int? = nil, height: Int? = nil, hlsName: String? = nil
        ) {
            self.name = name
            self.bitrate = bitrate
            self.fileSize = fileSize
            self.language = language
            self.width = width
            self.height = height
            self.hlsName = hlsName
        }
    }
}
