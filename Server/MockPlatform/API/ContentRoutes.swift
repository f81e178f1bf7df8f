import ExposureModels
import Foundation
import HTTPServer

/// The catalog: asset list, single asset, bookmarks and server time.
extension ExposureAPI {
    mutating func registerContent() {
        add(.get, [.v1], "/content/asset") { context throws(ExposureErrorMessage) in
            let query = try AssetQuery(context)
            let session = try context.boolQuery("includeUserData", default: false) ? try context.optionalSession() : nil
            let matches = query.matches(in: context.catalog.wireAssets, at: dateFromMs(context.nowMs))
            let page = query.page(of: matches)
            if let session {
                let items = page.map { Self.withUserData($0, session: session, context: context) }
                return Responses.json(AssetList(totalCount: matches.count, pageSize: query.pageSize, pageNumber: query.pageNumber, items: items))
            }
            return Self.assetList(page, totalCount: matches.count, query: query, context: context)
        }

        add(.get, [.v1], "/content/asset/{assetId}") { context throws(ExposureErrorMessage) in
            let assetId = context.path("assetId")
            let session = try context.boolQuery("includeUserData", default: false) ? try context.optionalSession() : nil
            if let entry = context.catalog.assetsById[assetId] {
                return Responses.json(Self.withUserData(entry.asset, session: session, context: context))
            }
            if let program = context.loaded.program(assetId: assetId) {
                return Responses.json(Self.withUserData(program.asset, session: session, context: context))
            }
            throw .unknownAsset
        }

        add(.get, [.v1], "/userplayhistory/lastviewedoffset") { context throws(ExposureErrorMessage) in
            let session = try context.requireSession()
            let wanted = Set(context.query.list("assetIds"))
            let bookmarks = Self.bookmarks(of: session, context: context)
                .filter { wanted.isEmpty || wanted.contains($0.key) }
                .sorted { $0.key < $1.key }
            let items = bookmarks.map { assetId, bookmark in
                LastViewedOffset(assetId: assetId, lastViewedOffset: bookmark.offsetMs, lastViewedTime: bookmark.savedMs)
            }
            return Responses.json(LastViewedOffsetList(items: items))
        }

        add(.get, [.v1, .v2], "/time") { context throws(ExposureErrorMessage) in
            Responses.json(ServerTime(epochMillis: context.nowMs, iso8601: ISO8601Timestamp.string(fromMilliseconds: context.nowMs)))
        }
    }

    /// An asset list assembled from the assets' cached JSON: the same bytes `AssetList` would
    /// encode to (keys sorted: items, pageNumber, pageSize, totalCount).
    private static func assetList(_ page: [Asset], totalCount: Int, query: AssetQuery, context: RequestContext) -> HTTPResponse {
        var body = Data(#"{"items":["#.utf8)
        for (index, asset) in page.enumerated() {
            if index > 0 { body.append(UInt8(ascii: ",")) }
            body.append(context.loaded.assetJSON[asset.assetId] ?? Data("{}".utf8))
        }
        body.append(contentsOf: Array(#"],"pageNumber":\#(query.pageNumber),"pageSize":\#(query.pageSize),"totalCount":\#(totalCount)}"#.utf8))
        return HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: body)
    }

    /// The account's bookmarks: those saved while running over the ones its fixture starts with.
    static func bookmarks(of session: Session, context: RequestContext) -> [String: Bookmark] {
        var result: [String: Bookmark] = [:]
        if let username = session.username, let seeded = context.catalog.users[username]?.bookmarks {
            for (assetId, offset) in seeded { result[assetId] = Bookmark(assetId: assetId, offsetMs: offset, savedMs: 0) }
        }
        result.merge(context.platform.state.bookmarks(accountId: session.accountId)) { _, saved in saved }
        return result
    }

    private static func withUserData(_ asset: Asset, session: Session?, context: RequestContext) -> Asset {
        guard let session else { return asset }
        var asset = asset
        let bookmark = bookmarks(of: session, context: context)[asset.assetId]
        asset.userData = UserData(playHistory: bookmark.map {
            PlayHistory(lastViewedOffset: $0.offsetMs, lastViewedTime: $0.savedMs)
        })
        return asset
    }
}
