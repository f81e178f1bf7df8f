import Exposure

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

    /// Sends it; throws the backend's refusal or the transport's failure.
    func send(over transport: any HTTPTransport) async throws(ExposureError) {
        let backend = DownloadBackend(environment: environment, sessionToken: sessionToken, transport: transport)
        switch kind {
        case .completed: _ = try await backend.completed(assetId: assetId).request()
        case .renewed: _ = try await backend.renewed(assetId: assetId).request()
        case .deleted: _ = try await backend.delete(assetId: assetId).request()
        }
    }
}

/// What became of one delivery attempt.
public enum DownloadReportOutcome: Sendable, Hashable {
    /// The backend acknowledged it; it left the outbox.
    case delivered(DownloadReport)
    /// It failed and stays; the next attempt is due at `nextAttemptMs` on the manager's clock.
    case retrying(DownloadReport, attempts: Int, nextAttemptMs: Int64)
    /// The backend refused it for good (a 4xx retrying cannot fix); it left the outbox.
    case rejected(DownloadReport, status: Int)
}
