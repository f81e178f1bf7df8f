import Clocks
import Exposure
import Foundation

/// The keys of encrypted downloads: fetched by the downloader with the download's play token,
/// kept in `offline.sqlite` (never in the package folder), answered to the player with no
/// network while the license lasts, and fetched again through `EXT-X-SESSION-KEY` on renewal.
/// A key's expiry is the item's license expiry: the play token that fetched it runs out then.
extension OfflineManager: OfflineKeySource {
    /// Where the downloader hands the keys of the item's download: its rows in `offline.sqlite`,
    /// deleted again when the prepare fails after handing them over.
    func keyCustody(_ assetId: String) -> MediaKeyCustody {
        MediaKeyCustody(
            keep: { [store] keys throws(MediaDownloadFailure) in
                do throws(OfflineManagerError) {
                    try await store.replaceKeys(keys, assetId: assetId)
                } catch {
                    throw .storage("cannot keep the keys of \(assetId): \(error)")
                }
            },
            // Should this fail too, the item's recovery deletes them with its row.
            discard: { [store] in try? await store.replaceKeys([], assetId: assetId) })
    }

    /// The key `uri` names in the download of `assetId`, from `offline.sqlite`; refused with 403
    /// `LICENSE_EXPIRED` once the license has run out on the manager's clock, whatever the
    /// entitlement the player holds says, and with 403 `NOT_ENTITLED` for an item that is not
    /// Downloaded or a key it does not have. Never asks the network.
    public func offlineKey(_ uri: URL, assetId: String) async -> Result<[UInt8], ExposureErrorMessage> {
        await offlineKeyLease(uri, assetId: assetId).map(\.key)
    }

    /// ``offlineKey(_:assetId:)``'s key with the time the item's license has left on the
    /// manager's clock, so a playback under way ends when the license runs out.
    public func offlineKeyLease(_ uri: URL, assetId: String) async -> Result<OfflineKeyLease, ExposureErrorMessage> {
        do throws(OfflineManagerError) {
            try checkPlayableOffline(assetId)
        } catch {
            guard error == .licenseExpired else {
                return .failure(ExposureErrorMessage(httpCode: 403, message: "NOT_ENTITLED", extendedMessage: error.description))
            }
            return .failure(
                ExposureErrorMessage(
                    httpCode: 403, message: "LICENSE_EXPIRED", extendedMessage: "the offline license of \(assetId) ran out"))
        }
        let keys: [MediaKey]
        do throws(OfflineManagerError) {
            keys = try await store.keys(assetId: assetId)
        } catch {
            return .failure(ExposureErrorMessage(httpCode: 500, message: "INTERNAL_ERROR", extendedMessage: error.description))
        }
        guard let number = OfflineKeyURI.number(of: uri), let key = keys.first(where: { $0.number == number }) else {
            return .failure(
                ExposureErrorMessage(
                    httpCode: 403, message: "NOT_ENTITLED", extendedMessage: "the download of \(assetId) has no key \(uri)"))
        }
        let timeLeft = (record(assetId)?.license?.expiry).map { $0 - dependencies.clock.now }
        return .success(OfflineKeyLease(key: key.bytes, timeLeft: timeLeft))
    }

    /// Whether `url` is the master playlist of this manager's download of `assetId` (any state:
    /// an expired one is refused by this manager, with `LICENSE_EXPIRED`).
    public func holdsPackage(_ url: URL, assetId: String) -> Bool {
        record(assetId)?.masterPlaylist?.resolvingSymlinksInPath().path == url.resolvingSymlinksInPath().path
    }

    /// Renewal's part for an encrypted download: its keys fetched again through the
    /// `EXT-X-SESSION-KEY`s of the renewed entitlement's master playlist, which the key server
    /// answers only for that entitlement's valid play token. Nothing for a clear download.
    func reauthorizeKeys(_ assetId: String, with entitlement: PlaybackEntitlement) async throws(OfflineManagerError) {
        let keys = try await store.keys(assetId: assetId)
        guard !keys.isEmpty else { return }
        guard let source = entitlement.downloadSource else { throw .invalidSource("the renewed entitlement names no HLS stream") }
        let fetcher = ContentKeyFetcher(transport: dependencies.transport)
        try await Self.perform { () throws(MediaDownloadFailure) in try await fetcher.reauthorize(keys, source: source) }
    }
}

extension PlaybackEntitlement {
    /// The HLS master playlist a download (or its renewal) reads: the playable format's, else the first format's.
    var downloadSource: URL? {
        (playableFormat?.mediaLocator ?? formats?.first?.mediaLocator).flatMap(URL.init(string:))
    }
}
