import Exposure
import ExposureDownload
import ExposurePlayback
import Foundation
import HLS

/// A package the SDK's ``MediaDownloader`` fetched from the mock, and the files its local
/// playlists name, found by reading them as the player will (so damage tests break real files).
struct DownloadedPackage {
    struct DownloadFailed: Error, CustomStringConvertible {
        let description: String
    }

    /// The package's local master playlist (`file:`).
    let masterURL: URL

    /// Downloads the lowest video rendition of the stream at `source`, with audio and subtitles in
    /// `languages`, into `folder`; returns once the downloader reports it finished.
    static func download(
        _ source: URL, languages: [String], into folder: URL, transport: any HTTPTransport = AutomaticTransport.shared
    ) async throws -> DownloadedPackage {
        // A clock of its own that runs freely: a retry's backoff takes no time, and the player's clock stays its own.
        let downloader = try MediaDownloader(
            folder: folder, transport: transport, clock: VirtualClock(start: WallTime(millisecondsSince1970: 0)))
        let tracks = try await downloader.availableTracks(source: source)
        guard let lowest = tracks.videos.first else { throw DownloadFailed(description: "\(source) offers no video") }
        let id = MediaDownloadID(rawValue: "offline-playback")
        let selection = MediaTrackSelection(videoBitrate: lowest.bitrate, audioLanguages: languages, subtitleLanguages: languages)
        let planned = try await downloader.prepare(id, source: source, selection: selection)
        try await downloader.start(id)
        for await event in downloader.events {
            switch event {
            case .finished(id): return DownloadedPackage(masterURL: planned.masterPlaylist)
            case .failed(id, let failure): throw DownloadFailed(description: "the download failed: \(failure)")
            default: continue
            }
        }
        throw DownloadFailed(description: "the downloader's events ended before it finished")
    }

    /// The master playlist as written on disk.
    func master() throws -> MasterPlaylist { try HLSParser.parseMaster(try Data(contentsOf: masterURL)) }

    /// The local media playlist of the (one) video variant.
    func videoPlaylistURL() throws -> URL {
        guard let variant = try master().variants.first else { throw DownloadFailed(description: "the local master has no variant") }
        return try resolve(variant.uri, against: masterURL)
    }

    /// The local media playlist of the first audio rendition.
    func audioPlaylistURL() throws -> URL {
        guard let uri = try master().renditions.first(where: { $0.type == .audio })?.uri else {
            throw DownloadFailed(description: "the local master has no audio rendition")
        }
        return try resolve(uri, against: masterURL)
    }

    /// The local file of the video's segment in the middle of the playlist.
    func middleVideoSegmentURL() throws -> URL {
        let playlistURL = try videoPlaylistURL()
        let segments = try HLSParser.parseMedia(try Data(contentsOf: playlistURL)).segments
        guard !segments.isEmpty else { throw DownloadFailed(description: "\(playlistURL.path) lists no segment") }
        return try resolve(segments[segments.count / 2].uri, against: playlistURL)
    }

    private func resolve(_ uri: String, against base: URL) throws -> URL {
        guard let url = HLSURI.resolve(uri, against: base), url.isFileURL else {
            throw DownloadFailed(description: "\(uri) in \(base.path) is not a local file")
        }
        return url
    }
}
