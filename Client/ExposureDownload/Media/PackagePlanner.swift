import Exposure
import Foundation
import HLS

/// Turns a master playlist, a ``TrackChoice`` and the chosen media playlists into a
/// ``PackagePlan``: every remote file gets a local name, and the package's own playlists point
/// at those names with relative URIs, so the folder plays with no network. An AES-128 key gets
/// a number instead: the playlists name it by `OfflineKeyURI`, and the plan lists where it is
/// fetched from (segments stay encrypted, as served).
package enum PackagePlanner {
    /// One media playlist of the choice.
    package struct Track: Sendable, Hashable {
        /// The package folder it goes to, e.g. `audio-sv`.
        package var folder: String
        /// Where its remote playlist is.
        package var url: URL
        /// The rendition it stands for; nil for the variant itself.
        package var rendition: Rendition?
    }

    /// The media playlists to fetch for `choice`, variant first, each with its package folder.
    package static func tracks(of choice: TrackChoice, source: URL) throws(MediaDownloadFailure) -> [Track] {
        var folders = Set<String>()
        func folder(_ base: String) -> String {
            var name = base
            var number = 2
            while !folders.insert(name).inserted {
                name = "\(base)-\(number)"
                number += 1
            }
            return name
        }
        func resolved(_ uri: String) throws(MediaDownloadFailure) -> URL {
            guard let url = HLSURI.resolve(uri, against: source) else { throw .invalidSource("\(uri) in \(source) is not a URL") }
            return url
        }
        var tracks = [
            Track(folder: folder(choice.variant.hasVideo ? "video" : "audio"), url: try resolved(choice.variant.uri), rendition: nil)
        ]
        for rendition in choice.audios + choice.subtitles {
            let kind = rendition.type == .audio ? "audio" : "subtitles"
            let label = fileNameSafe(rendition.language ?? rendition.name)
            tracks.append(Track(folder: folder("\(kind)-\(label)"), url: try resolved(rendition.uri ?? ""), rendition: rendition))
        }
        return tracks
    }

    /// The plan for `tracks` (from ``tracks(of:source:)``) whose media playlists are `playlists`, in the same order.
    package static func plan(master: MasterPlaylist, choice: TrackChoice, tracks: [Track], playlists: [MediaPlaylist])
        throws(MediaDownloadFailure)
        -> PackagePlan
    {
        var localPlaylists: [PlannedPlaylist] = []
        var initFiles: [PlannedFile] = []
        var segmentFiles: [[PlannedFile]] = []
        var keys: [URL] = []
        for (track, playlist) in zip(tracks, playlists) {
            let local = try localTrack(playlist, from: track, keys: &keys)
            localPlaylists.append(PlannedPlaylist(path: "\(track.folder)/index.m3u8", bytes: HLSWriter.bytes(local.playlist)))
            initFiles += local.initFiles
            segmentFiles.append(local.segmentFiles)
        }
        var interleaved: [PlannedFile] = []
        interleaved.reserveCapacity(segmentFiles.reduce(0) { $0 + $1.count })
        for index in 0..<(segmentFiles.map(\.count).max() ?? 0) {
            for files in segmentFiles where index < files.count { interleaved.append(files[index]) }
        }
        let localMaster = localMaster(master, choice: choice, tracks: tracks)
        return PackagePlan(
            playlists: [PlannedPlaylist(path: PackagePlan.masterPath, bytes: HLSWriter.bytes(localMaster))] + localPlaylists,
            files: initFiles + interleaved, keys: keys)
    }

    private static func localMaster(_ master: MasterPlaylist, choice: TrackChoice, tracks: [Track]) -> MasterPlaylist {
        var variant = choice.variant
        variant.uri = "\(tracks[0].folder)/index.m3u8"
        if choice.audios.isEmpty { variant.audioGroup = nil }
        if choice.subtitles.isEmpty { variant.subtitlesGroup = nil }
        let renditions = tracks.dropFirst().compactMap { track -> Rendition? in
            guard var rendition = track.rendition else { return nil }
            rendition.uri = "\(track.folder)/index.m3u8"
            return rendition
        }
        return MasterPlaylist(
            version: master.version, independentSegments: master.independentSegments,
            renditions: renditions + choice.closedCaptions, variants: [variant])
    }

    /// The package's copy of `remote`, and the files it points at; the key URLs it names are
    /// added to `keys` (their position is their number).
    private static func localTrack(_ remote: MediaPlaylist, from track: Track, keys: inout [URL])
        throws(MediaDownloadFailure) -> (playlist: MediaPlaylist, initFiles: [PlannedFile], segmentFiles: [PlannedFile])
    {
        guard remote.endList, !remote.isDeltaUpdate else {
            throw .invalidSource("\(track.url) is a live playlist: only playlists with EXT-X-ENDLIST can be downloaded")
        }
        var playlist = remote
        var initFiles: [PlannedFile] = []
        var initNames: [URL: String] = [:]
        func localTag(_ line: String) throws(MediaDownloadFailure) -> String {
            if TagAttributes.isTag("EXT-X-KEY", line: line) { return try localKey(line, track, keys: &keys) }
            guard TagAttributes.isTag("EXT-X-MAP", line: line) else { return line }
            let map = try attributes(line, track)
            guard map.values["BYTERANGE"] == nil, let uri = map.values["URI"], let url = HLSURI.resolve(uri, against: track.url) else {
                throw .invalidSource("\(track.url): an EXT-X-MAP without a URI or with a BYTERANGE is not supported")
            }
            let name = initNames[url] ?? "init-\(initNames.count).\(fileExtension(of: url, default: "mp4"))"
            if initNames[url] == nil {
                initNames[url] = name
                initFiles.append(PlannedFile(path: "\(track.folder)/\(name)", url: url))
            }
            return "#EXT-X-MAP:URI=\"\(name)\""
        }
        playlist.headerTags = try playlist.headerTags.map(localTag)
        var segmentFiles: [PlannedFile] = []
        segmentFiles.reserveCapacity(remote.segments.count)
        for index in playlist.segments.indices {
            let segment = playlist.segments[index]
            guard segment.byteRange == nil else { throw .invalidSource("\(track.url) uses EXT-X-BYTERANGE, which is not supported") }
            guard let url = HLSURI.resolve(segment.uri, against: track.url) else {
                throw .invalidSource("segment \(segment.uri) of \(track.url) is not a URL")
            }
            playlist.segments[index].otherTags = try segment.otherTags.map(localTag)
            let name = "\(zeroPadded(index)).\(fileExtension(of: url, default: "ts"))"
            playlist.segments[index].uri = name
            segmentFiles.append(PlannedFile(path: "\(track.folder)/\(name)", url: url))
        }
        return (playlist, initFiles, segmentFiles)
    }

    /// An `EXT-X-KEY` line of the package: `METHOD=NONE` as it is, an AES-128 key's URI
    /// replaced by its `OfflineKeyURI` (IV and format kept).
    private static func localKey(_ line: String, _ track: Track, keys: inout [URL]) throws(MediaDownloadFailure) -> String {
        var key: SegmentKey
        do { key = try SegmentKey(line: line) } catch { throw .invalidSource("\(track.url): \(error.message)") }
        switch key.method {
        case .none:
            return line
        case .sampleAES:
            throw .invalidSource("\(track.url) is encrypted with SAMPLE-AES (a DRM system's): only AES-128 streams can be downloaded")
        case .aes128:
            guard key.keyFormat == nil || key.keyFormat == SegmentKey.identityKeyFormat else {
                throw .invalidSource("\(track.url) has a key of KEYFORMAT \(key.keyFormat ?? ""): only identity keys can be downloaded")
            }
            guard let url = key.uri.flatMap({ HLSURI.resolve($0, against: track.url) }) else {
                throw .invalidSource("\(track.url): the key URI \(key.uri ?? "") is not a URL")
            }
            let number = keys.firstIndex(of: url) ?? keys.count
            if number == keys.count { keys.append(url) }
            key.uri = OfflineKeyURI.make(number).absoluteString
            return key.line()
        }
    }

    private static func attributes(_ line: String, _ track: Track) throws(MediaDownloadFailure) -> TagAttributes {
        do { return try TagAttributes(line: line) } catch { throw .invalidSource("\(track.url): \(error.message)") }
    }

    /// The URL's extension when it is a short plain one (`ts`, `vtt`, `m4s`), else `fallback`.
    package static func fileExtension(of url: URL, default fallback: String) -> String {
        let ext = url.pathExtension.lowercased()
        return (1...5).contains(ext.count) && ext.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } ? ext : fallback
    }

    /// `text` with everything but ASCII letters, digits, `-` and `_` replaced by `_`, at most 40 characters.
    package static func fileNameSafe(_ text: String) -> String {
        let safe = String(text.prefix(40).map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") ? $0 : "_" })
        return safe.isEmpty ? "_" : safe
    }

    private static func zeroPadded(_ number: Int) -> String {
        let digits = String(number)
        return String(repeating: "0", count: max(0, 5 - digits.count)) + digits
    }
}
