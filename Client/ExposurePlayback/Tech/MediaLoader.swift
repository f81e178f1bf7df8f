import Exposure
import Foundation

/// Brings the tech what its engine asks for: `file:` URLs (a downloaded package) from the disk,
/// ``OfflineKeyURI``s (its keys) from the download's ``OfflineKeySource``, anything else through
/// the network transport. A package's playlists, segments and keys therefore never reach the
/// transport, and a missing or unreadable file is an ordinary failed fetch.
package struct MediaLoader: Sendable {
    /// Why a fetch brought nothing back, as the engine reports it.
    package struct Failure: Error, Sendable {
        package let reason: String
        /// The server's non-2xx answer, when there was one: its status and (error) body.
        package var refusal: (status: Int, body: Data)? = nil
    }

    /// What a fetch brought back: the body, and for a downloaded package's key how long its
    /// license had left when the key source handed it over (nil: no end).
    package struct Loaded: Sendable, Equatable {
        package var body: Data
        package var licenseTimeLeft: Duration? = nil

        /// A body, with the time its key's license had left when it is a downloaded package's key.
        package init(body: Data, licenseTimeLeft: Duration? = nil) {
            self.body = body
            self.licenseTimeLeft = licenseTimeLeft
        }
    }

    package let network: any HTTPTransport
    /// Where an offline playback's keys come from, and the download they belong to.
    package var offlineKeys: (source: any OfflineKeySource, assetId: String)? = nil

    /// A loader fetching over `network`, and an offline playback's keys from `offlineKeys`.
    package init(network: any HTTPTransport, offlineKeys: (source: any OfflineKeySource, assetId: String)? = nil) {
        self.network = network
        self.offlineKeys = offlineKeys
    }

    /// The body at `url`, or why there is none (a non-2xx status, a transport error, a file that
    /// cannot be read). Network requests name `playSessionId` in `X-Playback-Session-Id`, as
    /// AVPlayer does, so a CDN (or the mock's stream lab) can tell players apart.
    package func load(_ url: URL, playSessionId: String? = nil) async -> Result<Loaded, Failure> {
        if url.isFileURL { return Self.readFile(url).map { Loaded(body: $0) } }
        if url.scheme == OfflineKeyURI.scheme { return await offlineKey(url) }
        do {
            let headers: HTTPHeaders = playSessionId.map { ["X-Playback-Session-Id": $0] } ?? [:]
            let response = try await network.send(TransportRequest(method: .get, url: url, headers: headers))
            guard response.isSuccess else {
                return .failure(Failure(reason: "HTTP \(response.status)", refusal: (response.status, response.body)))
            }
            return .success(Loaded(body: response.body))
        } catch {
            return .failure(Failure(reason: "\(error)"))
        }
    }

    /// A downloaded package's key and its license's time left, from its download's key source; a
    /// refusal comes back as the key server's would (its status and error body), so the engine
    /// ends playback with it.
    private func offlineKey(_ url: URL) async -> Result<Loaded, Failure> {
        guard let (source, assetId) = offlineKeys else {
            return .failure(Failure(reason: "\(url) is the key of a download, and this playback has no offline key source"))
        }
        switch await source.offlineKeyLease(url, assetId: assetId) {
        case .success(let lease): return .success(Loaded(body: Data(lease.key), licenseTimeLeft: lease.timeLeft))
        case .failure(let refusal):
            let body = (try? JSONEncoder().encode(refusal)) ?? Data()
            return .failure(Failure(reason: "the offline key \(url) was refused: \(refusal.message)", refusal: (refusal.httpCode, body)))
        }
    }

    /// Package files are small (a playlist, a 2-s segment): read at once rather than streamed.
    private static func readFile(_ url: URL) -> Result<Data, Failure> {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
            return .failure(Failure(reason: "no file at \(url.path)"))
        }
        guard !isFolder.boolValue else { return .failure(Failure(reason: "\(url.path) is a folder, not a file")) }
        do {
            return .success(try Data(contentsOf: url))
        } catch {
            return .failure(Failure(reason: "cannot read \(url.path): \(error.localizedDescription)"))
        }
    }
}
