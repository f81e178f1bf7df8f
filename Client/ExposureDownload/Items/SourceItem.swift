import Exposure

/// What to download: an Exposure asset, the backend it lives on and the user asking.
///
/// Items are told apart by ``assetId``: a device keeps one offline copy of an asset, whoever
/// downloaded it (as iOSClientExposureDownload does); ``getDownloadedAssets(accountId:)`` and
/// ``getDownloadedAssets(userId:)`` filter by owner.
public struct SourceItem: Sendable, Hashable {
    /// The Exposure asset id.
    public var assetId: String
    /// The backend.
    public var environment: Environment
    /// The user's session; the downloader's calls and the reports are made with it.
    public var sessionToken: SessionToken

    /// An item for `assetId` on `environment`, downloaded by the user of `sessionToken`.
    public init(assetId: String, environment: Environment, sessionToken: SessionToken) {
        self.assetId = assetId
        self.environment = environment
        self.sessionToken = sessionToken
    }

    /// The downloader's name for it.
    var downloadId: MediaDownloadID { MediaDownloadID(rawValue: assetId) }
}
