import Exposure
import Foundation

/// A call the backend must hear about a download, kept in the outbox until it got a 2xx.
public struct DownloadReport: Sendable, Hashable {
    /// Which call.
    public enum Kind: String, Sendable, Hashable {
        /// `POST …/downloadcompleted`.
        case completed
        /// `POST …/downloadrenewed`.
        case renewed
        /// `DELETE …/downloads`: frees the account's download count.
        case deleted
    }

    /// Which call.
    public var kind: Kind
    /// The asset.
    public var assetId: String
    /// The backend.
    public var environment: Environment
    /// The user.
    public var sessionToken: SessionToken

    /// A report.
    public init(kind: Kind, assetId: String, environment: Environment, sessionToken: SessionToken) {
        self.kind = kind
        self.assetId = assetId
        self.environment = environment
        self.sessionToken = sessionToken
    }

    /// Sends it; throws the backend's refusal or the transport's failure. Any 2xx is the
    /// acknowledgment, whatever its body: a report sent again would count the download twice.
    func send(over transport: any HTTPTransport) async throws(ExposureError) {
        let backend = DownloadBackend(environment: environment, sessionToken: sessionToken, transport: transport)
        let call =
            switch kind {
            case .completed: backend.completed(assetId: assetId)
            case .renewed: backend.renewed(assetId: assetId)
            case .deleted: backend.delete(assetId: assetId)
            }
        try await call.request()
    }
}

/// What became of one delivery attempt.
public enum DownloadReportOutcome: Sendable, Hashable {
    /// The backend acknowledged it; it left the outbox.
    case delivered(DownloadReport)
    /// It failed and stays; the next attempt is due at `nextAttempt` on the manager's clock.
    case retrying(DownloadReport, attempts: Int, nextAttempt: WallTime)
    /// The backend refused it for good (a 4xx retrying cannot fix); it left the outbox.
    case rejected(DownloadReport, status: Int)
}
