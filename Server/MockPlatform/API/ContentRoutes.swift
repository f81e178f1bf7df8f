import Clocks
import ExposureModels
import Foundation
import HTTPServer

/// The catalog: asset list, single asset and server time.
extension ExposureAPI {
    mutating func registerContent() {
        add(.get, [.v1], "/content/asset") { context throws(ExposureErrorMessage) in
            let query = try AssetQuery(context)
            let shape = try AssetFieldShape(context)
            let session = try context.boolQuery("includeUserData", default: false) ? try context.optionalSession() : nil
            if session == nil, shape.keepsEverything {
                return Responses.json(
                    body: context.loaded.assetListBodies.body(
                        origin: context.baseURL, query: context.request.rawQuery, at: context.now
                    ) {
                        let matches = query.matches(in: context.loaded, at: context.now.date)
                        return Self.assetList(query.page(of: matches), totalCount: matches.count, query: query, context: context)
                    })
            }
            let matches = query.matches(in: context.loaded, at: context.now.date)
            let page = query.page(of: matches)
            let items = page.map { Self.shaped($0, shape: shape, session: session, context: context) }
            return Responses.json(
                JSONValue.object([
                    "items": .array(items), "pageNumber": .integer(Int64(query.pageNumber)),
                    "pageSize": .integer(Int64(query.pageSize)), "totalCount": .integer(Int64(matches.count))
                ]))
        }

        add(.get, [.v1], "/content/asset/{assetId}") { context throws(ExposureErrorMessage) in
            let assetId = context.path("assetId")
            let shape = try AssetFieldShape(context)
            let session = try context.boolQuery("includeUserData", default: false) ? try context.optionalSession() : nil
            guard let asset = context.catalog.assetsById[assetId]?.asset ?? context.loaded.program(assetId: assetId)?.asset else {
                throw .unknownAsset
            }
            return Responses.json(Self.shaped(asset, shape: shape, session: session, context: context))
        }

        add(.get, [.v1, .v2], "/time") { context throws(ExposureErrorMessage) in
            Responses.json(ServerTime(epochMillis: context.now.millisecondsSince1970, iso8601: ISO8601.string(from: context.now)))
        }
    }

    /// An asset list assembled from the assets' cached JSON: the same bytes `AssetList` would
    /// encode to (keys sorted: items, pageNumber, pageSize, totalCount).
    private static func assetList(_ page: [Asset], totalCount: Int, query: AssetQuery, context: RequestContext) -> Data {
        // Sized once and copied into `Data` once: appending to a `Data` regrew it several times
        // per page (6 % of the mock's CPU on the SDK's default list).
        let served = context.servedAssets.json
        let items = page.map { served[$0.assetId] ?? Data("{}".utf8) }
        let tail = #"],"pageNumber":\#(query.pageNumber),"pageSize":\#(query.pageSize),"totalCount":\#(totalCount)}"#
        var body: [UInt8] = []
        body.reserveCapacity(items.reduce(16 + tail.utf8.count) { $0 + $1.count + 1 })
        body.append(contentsOf: #"{"items":["#.utf8)
        for (index, item) in items.enumerated() {
            if index > 0 { body.append(UInt8(ascii: ",")) }
            body.append(contentsOf: item)
        }
        body.append(contentsOf: tail.utf8)
        return Data(body)
    }

    /// The asset's JSON with the fields asked for, and the account's play history when a session
    /// asked for user data (after shaping: `includeUserData` asks for it explicitly).
    static func shaped(_ asset: Asset, shape: AssetFieldShape, session: Session?, context: RequestContext) -> JSONValue {
        let json =
            context.servedAssets.fields[asset.assetId] ?? (try? JSONValue(encoding: asset.resolvingImageURLs(against: context.baseURL)))
            ?? .object(["assetId": .string(asset.assetId)])
        var shaped = shape.apply(to: json)
        if let session {
            shaped["userData"] = (try? JSONValue(encoding: userData(for: asset.assetId, session: session, context: context))) ?? .null
        }
        return shaped
    }
}
