import Exposure
import Foundation
import HLS

/// What `prepare` does before anything is written: fetch the master and the chosen media
/// playlists, plan the package, fetch an encrypted stream's keys (kept by the coordinator with
/// the package's index row), and, when `sizesBeforeFetching`, learn the files' sizes with HEAD requests.
struct PackagePreparation: Sendable {
    let fetcher: FileFetcher
    let connections: Int
    /// Whether the files' sizes are asked with HEAD requests before fetching starts.
    let sizesBeforeFetching: Bool

    /// The master playlist at `source`.
    func master(at source: URL) async throws(MediaDownloadFailure) -> MasterPlaylist {
        let bytes = try await playlistBytes(at: source)
        do { return try HLSParser.parseMaster(bytes) } catch { throw .invalidSource("\(source) is not a master playlist: \(error)") }
    }

    /// The plan of `selection` of the stream at `source`, sizes filled in where a HEAD told them
    /// (none asked unless ``sizesBeforeFetching``).
    /// The keys of an encrypted stream are fetched into ``PackagePlan/contentKeys``; unless the
    /// download has somewhere to keep them (`keepsKeys`), an encrypted stream is
    /// ``MediaDownloadFailure/encrypted(_:)``.
    func plan(source: URL, selection: MediaTrackSelection, keepsKeys: Bool) async throws(MediaDownloadFailure)
        -> PackagePlan
    {
        let master = try await master(at: source)
        let choice = try TrackChoice.resolve(selection, in: master)
        let tracks = try PackagePlanner.tracks(of: choice, source: source)
        var playlists: [MediaPlaylist] = []
        for track in tracks {
            let bytes = try await playlistBytes(at: track.url)
            do { playlists.append(try HLSParser.parseMedia(bytes)) } catch {
                throw .invalidSource("\(track.url) is not a media playlist: \(error)")
            }
        }
        var plan = try PackagePlanner.plan(master: master, choice: choice, tracks: tracks, playlists: playlists)
        if !plan.keys.isEmpty {
            guard keepsKeys else { throw .encrypted(ContentKeyFetcher.identity(of: source)) }
            plan.contentKeys = try await ContentKeyFetcher(transport: fetcher.transport).keys(at: plan.keys)
        }
        guard sizesBeforeFetching else { return plan }
        let sizes = await announcedLengths(of: Set(plan.files.map(\.url)))
        for index in plan.files.indices { plan.files[index].expectedLength = sizes[plan.files[index].url] }
        return plan
    }

    private func playlistBytes(at url: URL) async throws(MediaDownloadFailure) -> Data {
        let response: TransportResponse
        do { response = try await fetcher.transport.send(TransportRequest(method: .get, url: url)) } catch {
            throw .network("\(url): \(error)")
        }
        guard response.isSuccess else { throw .httpStatus(response.status, url: url) }
        return response.body
    }

    /// HEAD of every distinct URL, `connections` at a time (a looped reel lists few distinct files).
    private func announcedLengths(of urls: Set<URL>) async -> [URL: Int64] {
        await withTaskGroup(of: (URL, Int64?).self) { group in
            var pending = urls.makeIterator()
            var sizes: [URL: Int64] = [:]
            for _ in 0..<connections {
                guard let url = pending.next() else { break }
                group.addTask { (url, await fetcher.announcedLength(of: url)) }
            }
            while let (url, size) = await group.next() {
                if let size { sizes[url] = size }
                if let next = pending.next() { group.addTask { (next, await fetcher.announcedLength(of: next)) } }
            }
            return sizes
        }
    }
}
