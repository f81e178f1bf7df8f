import ExposureModels
import Foundation
import HTTPServer
import HTTPTypes
import Testing

@testable import MockPlatform

/// Posters in an asset's `images` are absolute URLs on the origin the client reached (scheme of
/// the connection, `Host` it sent), as official apps load them; the cached list bodies and asset
/// JSON are kept per origin, so one origin's answer never reaches another.
@Suite struct AssetImageURLTests {
    let mock: InProcessPlatform
    init() throws { mock = try InProcessPlatform() }

    private static let list = InProcessPlatform.api1 + "/content/asset?pageSize=100&sort=assetId"

    private func imageURLs(_ target: String, host: String = "127.0.0.1:8080", scheme: String = "http") throws -> [String] {
        let response = mock.send(.get, target, headers: [("Host", host)], scheme: scheme)
        #expect(response.status == 200)
        return Self.urls(in: try JSONValue(parsing: response.body))
    }

    /// Every `url` under an `images` array anywhere in `json`.
    private static func urls(in json: JSONValue) -> [String] {
        switch json {
        case .object(let fields):
            let own = fields["images"].map { images -> [String] in
                guard case .array(let list) = images else { return [] }
                return list.compactMap { if case .string(let url)? = $0["url"] { url } else { nil } }
            }
            return (own ?? []) + fields.filter { $0.key != "images" }.sorted { $0.key < $1.key }.flatMap { urls(in: $0.value) }
        case .array(let items): return items.flatMap(urls(in:))
        default: return []
        }
    }

    @Test func theListNamesPostersOnTheOriginAskedEachTime() throws {
        let plain = try imageURLs(Self.list)
        #expect(!plain.isEmpty)
        #expect(plain.allSatisfy { $0.hasPrefix("http://127.0.0.1:8080/media/posters/") })
        let secure = try imageURLs(Self.list, host: "tv.example:8443", scheme: "https")
        #expect(secure == plain.map { $0.replacingOccurrences(of: "http://127.0.0.1:8080", with: "https://tv.example:8443") })
        // The first origin's cached body is still its own.
        #expect(try imageURLs(Self.list) == plain)
        let lan = try imageURLs(Self.list, host: "mock.lan")
        #expect(lan.allSatisfy { $0.hasPrefix("http://mock.lan/media/posters/") })
    }

    @Test func theURLServesThePoster() throws {
        let url = try #require(try imageURLs(InProcessPlatform.api1 + "/content/asset/arctic-journey").first)
        let path = try #require(URL(string: url)?.path)
        let poster = mock.send(.get, path)
        #expect(poster.status == 200)
        #expect(poster.headers["Content-Type"] == "image/jpeg")
    }

    @Test func everyRouteThatAnswersAnAssetUsesTheSameOrigin() throws {
        let host = "tv.example"
        let targets = [
            InProcessPlatform.api1 + "/content/asset/summer-concert",
            InProcessPlatform.api1 + "/content/asset?assetType=LIVE_EVENT&fieldSet=PARTIAL&onlyPublished=true",
            InProcessPlatform.api1 + "/content/asset?fieldSet=NONE&includeFields=localized&pageSize=100",
            InProcessPlatform.api1 + "/content/search/query/concert",
            InProcessPlatform.api2 + "/event/date/2026-12-01?daysBackward=1",
            InProcessPlatform.api1 + "/epg/summer-concert/onnow"
        ]
        for target in targets {
            let urls = try imageURLs(target, host: host, scheme: "https")
            #expect(!urls.isEmpty, "\(target)")
            #expect(urls.allSatisfy { $0.hasPrefix("https://\(host)/media/posters/") }, "\(target): \(urls)")
        }
    }

    @Test func theStoreKeepsABoundedNumberOfOrigins() {
        let asset = Asset(
            assetId: "a", localized: [LocalizedData(locale: "en", images: [.init(url: "/p.jpg"), .init(url: "https://cdn.example/q.jpg")])])
        let store = ServedAssetsByOrigin(assets: [asset])
        for index in 0...(ServedAssetsByOrigin.limit * 2) {
            let served = store.assets(for: "http://host\(index)")
            let images = served.json["a"].flatMap { try? ExposureJSON.decode(Asset.self, from: $0) }?.localized?.first?.images
            #expect(images?.map(\.url) == ["http://host\(index)/p.jpg", "https://cdn.example/q.jpg"])
        }
    }
}
