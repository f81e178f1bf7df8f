import Foundation

/// What an ``ExposureDownloadTask`` will download, as iOSClientDownload's `Configuration` holds it:
/// set with ``ExposureDownloadTask/use(bitrate:presentationSize:)``, ``ExposureDownloadTask/addAudios(hlsNames:)``,
/// ``ExposureDownloadTask/addSubtitles(hlsNames:)`` and ``ExposureDownloadTask/addAllAdditionalMedia()``
/// before the download starts.
public struct DownloadTaskConfiguration: Sendable, Equatable {
    /// The asset.
    public let identifier: String
    /// The lowest video bitrate (bits per second) at or above this is downloaded, else the highest; nil: the highest.
    public var requiredBitrate: Int64?
    /// When set, the lowest rendition at least this wide and high is downloaded (it wins over the bitrate).
    public var presentationSize: CGSize?
    /// Subtitle tracks to download, by their HLS `NAME`; nil downloads every one.
    public var subtitles: [String]?
    /// Audio tracks to download, by their HLS `NAME`; nil downloads every one.
    public var audios: [String]?
    /// Every audio and subtitle track (the default: the manager downloads all of them unless told otherwise).
    public var allAudiosSubs = false

    /// A configuration for `identifier` that downloads the highest bitrate with every track.
    public init(identifier: String) { self.identifier = identifier }

    /// Whether choosing the tracks needs the asset's `downloadinfo` (names and sizes are resolved against it).
    package var needsAvailableTracks: Bool { presentationSize != nil || (!allAudiosSubs && (audios != nil || subtitles != nil)) }

    /// The manager's selection among `available`.
    /// - Throws: ``OfflineManagerError/invalidSource(_:)`` naming an audio or subtitle track the asset does not have.
    package func selection(among available: MediaTracks) throws(OfflineManagerError) -> OfflineTrackSelection {
        var selection = OfflineTrackSelection(available: available)
        if let presentationSize {
            selection.videoBitrate = Self.bitrate(for: presentationSize, among: available.videos)
        }
        guard !allAudiosSubs else { return selection }
        if let audios { selection.audioLanguages = try Self.languages(named: audios, among: available.audios, kind: "audio") }
        if let subtitles {
            selection.subtitleLanguages = try Self.languages(named: subtitles, among: available.subtitles, kind: "subtitle")
        }
        return selection
    }

    /// The lowest bitrate whose resolution covers `size`, else the highest bitrate.
    package static func bitrate(for size: CGSize, among videos: [MediaTracks.Video]) -> Int? {
        let covering = videos.filter { video in
            guard let dimensions = video.resolution?.split(separator: "x").compactMap({ Double($0) }), dimensions.count == 2 else {
                return false
            }
            return dimensions[0] >= Double(size.width) && dimensions[1] >= Double(size.height)
        }
        return covering.map(\.bitrate).min() ?? videos.map(\.bitrate).max()
    }

    private static func languages(named names: [String], among media: [MediaTracks.Media], kind: String) throws(OfflineManagerError)
        -> [String]
    {
        var languages: [String] = []
        for name in names {
            guard let track = media.first(where: { $0.name == name || $0.language == name }) else {
                throw .invalidSource("the asset has no \(kind) track named \(name)")
            }
            languages.append(track.language)
        }
        return languages
    }
}
