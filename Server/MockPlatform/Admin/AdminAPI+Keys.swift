import Clocks
import ExposureModels
import HTTPServer

extension AdminAPI {
    /// `GET /_mock/keys`: the key requests of the journal, each with what its token says.
    mutating func registerKeyRequests() {
        let journal = control.journal
        add(.get, "/keys") { request, _ throws(ExposureErrorMessage) in
            let playSessionId = Self.parameter(request, "playSessionId")
            let requests = journal.entries(matching: JournalFilter(pathPrefix: "/keys/")).map(KeyRequestReport.init(entry:))
            return Responses.json(
                KeyRequestPage(keyRequests: requests.filter { playSessionId == nil || $0.playSessionId == playSessionId }))
        }
    }
}

/// `GET /_mock/keys`.
public struct KeyRequestPage: Codable, Sendable, Equatable {
    /// Key requests the journal holds, oldest first.
    public var keyRequests: [KeyRequestReport]
}

/// One request to the key server, from the journal.
public struct KeyRequestReport: Codable, Sendable, Equatable {
    /// The journal entry's id.
    public var id: Int
    /// When it arrived (ISO-8601, platform clock).
    public var timestamp: String
    /// The key asked for.
    public var keyId: String
    /// The answer's status: 200 with the key, 403 refused, 404 no such key; nil when the
    /// connection was dropped by a fault.
    public var status: Int?
    /// The play session, account and asset the token names; nil when it named none the mock signed.
    public var playSessionId: String?
    /// See ``playSessionId``.
    public var accountId: String?
    /// See ``playSessionId``.
    public var tokenAssetId: String?
    /// The fault rule that struck it, if any.
    public var faultId: String?

    init(entry: JournalEntry) {
        let token = QueryParameters(rawQuery: entry.query)["token"].flatMap(PlayToken.init(verifying:))
        id = entry.id
        timestamp = ISO8601.string(from: entry.time)
        keyId = String(entry.path.dropFirst("/keys/".count))
        status = entry.status
        playSessionId = token?.playSessionId
        accountId = token?.accountId
        tokenAssetId = token?.assetId
        faultId = entry.faultId
    }
}
