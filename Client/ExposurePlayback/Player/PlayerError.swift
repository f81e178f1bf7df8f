import Clocks
import Exposure

/// Why playback stopped.
public enum PlayerError: Error, Sendable, CustomStringConvertible {
    /// An Exposure call failed (entitlement, …); NOT_ENTITLED and friends arrive here.
    case exposure(ExposureError)
    /// The entitlement check at a program boundary said no: `status` is its message
    /// (`NOT_ENTITLED`, `GEO_BLOCKED`, …).
    case notEntitled(status: String, programId: String?)
    /// The entitlement has no HLS or MP3 stream.
    case noPlayableFormat
    /// The stream could not be played.
    case playback(reason: String)
    /// A downloaded package could not be played: a playlist or segment is missing or broken
    /// (`verify` and `repair` of the download manager find and fetch it again).
    case offlineMedia(reason: String)
    /// A download's offline license has run out (``PlaybackEntitlement/offlineLicenseExpiry``
    /// on the player's clock): renew it with the download manager first.
    case licenseExpired(expiredAtMs: Int64)

    /// The Exposure-style message: `NOT_ENTITLED`, …
    public var message: String {
        switch self {
        case .exposure(let error): error.serverMessage?.message ?? "\(error)"
        case .notEntitled(let status, _): status
        case .noPlayableFormat: "NOT_AVAILABLE_IN_FORMAT"
        case .playback: "PLAYBACK_FAILED"
        case .offlineMedia: "OFFLINE_MEDIA_UNPLAYABLE"
        case .licenseExpired: "LICENSE_EXPIRED"
        }
    }

    /// One line for logs and the CLI.
    public var description: String {
        switch self {
        case .exposure(let error): "\(error)"
        case .notEntitled(let status, let program): "\(status) at program \(program ?? "?")"
        case .noPlayableFormat: "no HLS or MP3 format in the entitlement"
        case .playback(let reason): "playback failed: \(reason)"
        case .offlineMedia(let reason): "the downloaded package cannot be played: \(reason)"
        case .licenseExpired(let expiredAtMs):
            "the download's offline license expired at \(ISO8601.string(fromMilliseconds: expiredAtMs))"
        }
    }
}
