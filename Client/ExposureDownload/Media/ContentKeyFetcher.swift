import Exposure
import Foundation
import HLS
import HTTPTypes

/// Fetches the AES-128 keys of a stream (the URIs of its `EXT-X-KEY` and `EXT-X-SESSION-KEY`
/// tags, the play token in their query): for a download before anything is written, and again
/// for a renewal.
package struct ContentKeyFetcher: Sendable {
    package let transport: any HTTPTransport

    /// The key at `url`: 16 bytes.
    /// - Throws: ``MediaDownloadFailure/keyRefused(status:message:url:)`` when the key server
    ///   refuses it (a 4xx, its error body's message; not 408 or 429), else `network`,
    ///   `httpStatus` or `invalidSource` (not 16 bytes). URLs in errors have no token.
    package func key(at url: URL) async throws(MediaDownloadFailure) -> [UInt8] {
        let identity = Self.identity(of: url)
        let response: TransportResponse
        do { response = try await transport.send(TransportRequest(method: .get, url: url)) } catch {
            throw .network("the key \(identity): \(error)")
        }
        guard response.isSuccess else {
            guard HTTPStatus.isPermanentRefusal(response.status) else {
                throw .httpStatus(response.status, url: identity)
            }
            let refusal = ErrorBody.message(status: response.status, body: response.body)
            throw .keyRefused(status: refusal.httpCode, message: refusal.message, url: identity)
        }
        guard response.body.count == 16 else {
            throw .invalidSource("the key \(identity) is \(response.body.count) bytes, not 16")
        }
        return [UInt8](response.body)
    }

    /// The keys at `urls`, numbered in their order.
    package func keys(at urls: [URL]) async throws(MediaDownloadFailure) -> [MediaKey] {
        var keys: [MediaKey] = []
        for (number, url) in urls.enumerated() {
            keys.append(MediaKey(number: number, url: Self.identity(of: url), bytes: try await key(at: url)))
        }
        return keys
    }

    /// Fetches `stored` again through the `EXT-X-SESSION-KEY`s of the master playlist at `source`
    /// (a renewed entitlement's, its new token in their URIs): the key server checks the new
    /// token, and each key must still be announced there and still be the same 16 bytes.
    package func reauthorize(_ stored: [MediaKey], source: URL) async throws(MediaDownloadFailure) {
        let master = try await PackagePreparation(fetcher: FileFetcher(transport: transport), connections: 1, sizesBeforeFetching: false)
            .master(at: source)
        let announced = try Self.sessionKeyURLs(of: master, source: source)
        for key in stored {
            guard let url = announced.first(where: { Self.identity(of: $0) == key.url }) else {
                throw .invalidSource(
                    "the master playlist \(Self.identity(of: source)) announces no EXT-X-SESSION-KEY for \(key.url): its key cannot be renewed"
                )
            }
            guard try await self.key(at: url) == key.bytes else {
                throw .invalidSource("the key \(key.url) is not the one the download was encrypted with")
            }
        }
    }

    /// The URLs of the AES-128 keys `master` announces in `EXT-X-SESSION-KEY` tags.
    package static func sessionKeyURLs(of master: MasterPlaylist, source: URL) throws(MediaDownloadFailure) -> [URL] {
        var urls: [URL] = []
        for case .tag(let line) in master.entries where TagAttributes.isTag("EXT-X-SESSION-KEY", line: line) {
            let key: SegmentKey
            do { key = try SegmentKey(line: line) } catch { throw .invalidSource("\(identity(of: source)): \(error.message)") }
            guard key.method == .aes128, let uri = key.uri, let url = HLSURI.resolve(uri, against: source) else { continue }
            urls.append(url)
        }
        return urls
    }

    /// `url` without its `token` query item and fragment: the key it names, whatever token
    /// fetched it (other query items, such as a key id, still tell keys apart).
    package static func identity(of url: URL) -> URL {
        guard var parts = URLComponents(url: url, resolvingAgainstBaseURL: true) else { return url }
        let kept = (parts.queryItems ?? []).filter { $0.name != "token" }
        parts.queryItems = kept.isEmpty ? nil : kept
        parts.fragment = nil
        return parts.url ?? url
    }
}
