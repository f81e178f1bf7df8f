import Exposure

/// Why the ``OfflineManager`` could not do what it was asked.
///
/// The async methods throw it; the seed-named methods deliver it to
/// ``OfflineManagerListener/offlineManager(_:didFailWithError:)``.
public enum OfflineManagerError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Free space is below ``OfflineManager/minimumAvailableSpaceThreshold`` or below what the download needs.
    case insufficientSpace
    /// The account may not download the asset (403 `NOT_ENTITLED`, `GEO_BLOCKED`, …; the server's
    /// message), or the key server refused an encrypted stream's key (`NOT_ENTITLED`, `INVALID_TOKEN`, …).
    case notEntitled(String)
    /// The account has downloaded the asset as often as it may (403 `DOWNLOAD_LIMIT_REACHED`).
    case downloadLimitReached
    /// The offline license ran out (or the platform or the key server says so: 403 `LICENSE_EXPIRED`).
    case licenseExpired
    /// Bytes could not be exchanged with the backend or the CDN.
    case network(String)
    /// The call is not allowed in the item's current state (the seed's transition table).
    case invalidTransition(from: OfflineState, call: OfflineCall)
    /// The backend answered an error no case above names (status and message).
    case server(status: Int, message: String)
    /// The stream cannot be downloaded: no HLS format, a playlist that cannot be read, no such track.
    case invalidSource(String)
    /// The manager's files or database could not be written or read.
    case storage(String)
    /// The item has no offline data (asked for its license or playback), by asset id.
    case notDownloaded(String)
    /// The stream is protected with clear keys (AES-128) and the download's
    /// ``DownloadConfiguration/supportClearKeyContent`` is false.
    case clearKeyContentNotSupported

    /// A one-line explanation.
    public var description: String {
        switch self {
        case .insufficientSpace: return "not enough free space"
        case .notEntitled(let message): return "not entitled: \(message)"
        case .downloadLimitReached: return "download limit reached"
        case .licenseExpired: return "offline license expired"
        case .network(let reason): return "network: \(reason)"
        case .invalidTransition(let from, let call): return "\(call.rawValue) is not allowed while \(from.rawValue)"
        case .server(let status, let message): return "\(message) (HTTP \(status))"
        case .invalidSource(let reason): return "cannot download: \(reason)"
        case .storage(let reason): return "storage: \(reason)"
        case .notDownloaded(let assetId): return "\(assetId) is not downloaded"
        case .clearKeyContentNotSupported:
            return "the stream is protected with clear keys (AES-128) and the download configuration does not support clear-key content"
        }
    }
}

extension OfflineManagerError {
    /// The manager's reading of a failed Exposure call.
    package init(_ error: ExposureError) {
        switch error {
        case .exposureResponse(let reason):
            switch (reason.httpCode, reason.message) {
            case (403, "DOWNLOAD_LIMIT_REACHED"), (403, "DOWNLOAD_BLOCKED"): self = .downloadLimitReached
            case (403, "LICENSE_EXPIRED"): self = .licenseExpired
            case (403, let name), (401, let name): self = .notEntitled(name)
            default: self = .server(status: reason.httpCode, message: reason.message)
            }
        case .generalError(let underlying) where !(underlying is ExposureCallFailure):
            self = .network(String(describing: underlying))
        case .generalError, .serialization: self = .server(status: 0, message: error.description)
        }
    }

    /// The manager's reading of a downloader failure.
    package init(_ failure: MediaDownloadFailure) {
        switch failure {
        case .insufficientSpace: self = .insufficientSpace
        case .network(let reason): self = .network(reason)
        case .httpStatus(let status, let url):
            self = status == 403 ? .notEntitled("HTTP 403 for \(url)") : .network("HTTP \(status) for \(url)")
        case .invalidSource(let reason): self = .invalidSource(reason)
        case .keyRefused(let status, let message, _):
            // The key server refuses as the entitlement does: LICENSE_EXPIRED, NOT_ENTITLED, INVALID_TOKEN …
            self = OfflineManagerError(ExposureError.exposureResponse(reason: ExposureErrorMessage(httpCode: status, message: message)))
        case .encrypted: self = .clearKeyContentNotSupported
        case .storage(let reason): self = .storage(reason)
        case .unknownDownload(let id): self = .storage("the downloader has no download \(id)")
        case .alreadyExists(let id): self = .storage("the downloader already has a download \(id)")
        }
    }
}
