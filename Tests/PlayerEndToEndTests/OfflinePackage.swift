import Exposure
import Foundation
import HLS
import Synchronization

/// A downloaded package made the simple way for offline playback tests: a VOD's master playlist
/// with its lowest video variant and that variant's audio and subtitle renditions, every media playlist
/// and segment fetched from the mock into a folder, and playlists that name the files by relative
/// paths — the shape the downloader writes (the real downloader replaces this at merge).
struct OfflinePackage {
    struct FetchFailed: Error, CustomStringConvertible {
        let url: URL
        let status: Int
        var description: String { "GET \(url) answered \(status)" }
    }

    /// The package's folder.
    let folder: URL
    /// Its master playlist (`file:`).
    var masterURL: URL { folder.appendingPathComponent("master.m3u8") }
    /// Each media playlist's path inside the folder, video first.
    let mediaPlaylists: [String]

    /// Fetches the stream at `masterURL` into `folder` (created).
    static func download(_ masterURL: URL, into folder: URL, transport: any HTTPTransport = AutomaticTransport.shared) async throws -> OfflinePackage {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let master = try HLSParser.parseMaster(try await fetch(masterURL, transport))
        // The lowest video variant (the mock lists an audio-only one too, which has no subtitles).
        guard let variant = master.variants.filter({ $0.resolution != nil }).min(by: { $0.bandwidth < $1.bandwidth }) else {
            throw FetchFailed(url: masterURL, status: 0)
        }
        var entries: [MasterPlaylist.Entry] = []
        var playlists: [String] = []
        var local = variant
        local.uri = try await copyMediaPlaylist(variant.uri, named: "video", master: masterURL, folder: folder, transport)
        playlists.append(local.uri)
        for rendition in master.renditions where rendition.groupID == variant.audioGroup || rendition.groupID == variant.subtitlesGroup {
            guard let uri = rendition.uri else { continue }
            var copy = rendition
            let name = "\(rendition.type.rawValue.lowercased())-\(rendition.language ?? rendition.name)"
            copy.uri = try await copyMediaPlaylist(uri, named: name, master: masterURL, folder: folder, transport)
            playlists.append(copy.uri ?? "")
            entries.append(.rendition(copy))
        }
        entries.append(.variant(local))
        let written = MasterPlaylist(version: master.version, independentSegments: master.independentSegments, entries: entries)
        try Data(HLSWriter.bytes(written)).write(to: folder.appendingPathComponent("master.m3u8"))
        return OfflinePackage(folder: folder, mediaPlaylists: playlists)
    }

    /// Copies one media playlist and its segments into `folder/name/`; returns the playlist's
    /// path relative to the master.
    private static func copyMediaPlaylist(
        _ uri: String, named name: String, master: URL, folder: URL, _ transport: any HTTPTransport
    ) async throws -> String {
        guard let url = HLSURI.resolve(uri, against: master) else { throw FetchFailed(url: master, status: 0) }
        var playlist = try HLSParser.parseMedia(try await fetch(url, transport))
        let directory = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for index in playlist.segments.indices {
            guard let segmentURL = HLSURI.resolve(playlist.segments[index].uri, against: url) else { throw FetchFailed(url: url, status: 0) }
            let file = "\(index).\(segmentURL.pathExtension)"
            try await fetch(segmentURL, transport).write(to: directory.appendingPathComponent(file))
            playlist.segments[index].uri = file
        }
        try Data(HLSWriter.bytes(playlist)).write(to: directory.appendingPathComponent("index.m3u8"))
        return "\(name)/index.m3u8"
    }

    private static func fetch(_ url: URL, _ transport: any HTTPTransport) async throws -> Data {
        let response = try await transport.send(TransportRequest(method: .get, url: url))
        guard response.isSuccess else { throw FetchFailed(url: url, status: response.status) }
        return response.body
    }
}

/// A network that is never there: every request fails, and each attempt is counted.
final class RefusingTransport: HTTPTransport {
    struct Refused: Error {}
    private let count = Mutex(0)
    var attempts: Int { count.withLock { $0 } }

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        count.withLock { $0 += 1 }
        throw Refused()
    }
}
