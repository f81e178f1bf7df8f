import Clocks
import ExposureModels
import Foundation
import HTTPServer
import Testing

@testable import MockPlatform

/// `sort` on any field, `fieldSet`/`includeFields`/`excludeFields`, and `query` on the asset list.
@Suite struct ContentShapingTests {
    let mock: InProcessPlatform
    init() throws { mock = try InProcessPlatform() }
    private var assets: String { InProcessPlatform.api1 + "/content/asset" }

    private func items(_ query: String) throws -> [[String: Any]] {
        let response = mock.send(.get, assets + "?" + query)
        #expect(response.status == 200, "\(query): \(mock.error(of: response))")
        let body = try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
        return try #require(body["items"] as? [[String: Any]])
    }

    @Test func sortOnAnyFieldAndDottedPathWithSeveralKeys() throws {
        let byYear = try mock.json(AssetList.self, .get, assets + "?sort=-created%2CassetId&pageSize=200").items
        let created = byYear.map { $0.created.map { WallTime($0).millisecondsSince1970 } ?? Int64.min }
        #expect(created == created.sorted(by: >))
        for (previous, next) in zip(byYear, byYear.dropFirst()) where previous.created == next.created {
            #expect(previous.assetId < next.assetId)
        }
        let byTitle = try mock.json(AssetList.self, .get, assets + "?sort=localized.title&pageSize=200").items
        let titles = byTitle.compactMap { $0.localized?.first?.title }
        #expect(titles == titles.sorted())
        let byShow = try mock.json(AssetList.self, .get, assets + "?sort=tvShowId%2C-episode&assetType=EPISODE").items
        #expect(byShow.map(\.assetId) == ["harbour-tales-s1e3", "harbour-tales-s1e2", "harbour-tales-s1e1"])
    }

    @Test func fieldSetsIncludeAndExclude() throws {
        let none = try items("fieldSet=NONE&pageSize=3")
        #expect(none.allSatisfy { Set($0.keys) == ["assetId"] })
        let partial = try items("fieldSet=PARTIAL&pageSize=200")
        #expect(partial.allSatisfy { Set($0.keys).isSubset(of: AssetFieldShape.partialFields) && $0["assetId"] != nil })
        #expect(partial.contains { $0["localized"] != nil } && partial.allSatisfy { $0["publications"] == nil })
        let included = try items("fieldSet=NONE&includeFields=type%2Clocalized.title&pageSize=200")
        #expect(included.allSatisfy { Set($0.keys).isSubset(of: ["assetId", "type", "localized"]) })
        let localized = try #require(included.first { $0["localized"] != nil }?["localized"] as? [[String: Any]])
        #expect(localized.allSatisfy { Set($0.keys) == ["title"] })
        let excluded = try items("excludeFields=publications%2Clocalized.description&pageSize=200")
        #expect(excluded.allSatisfy { $0["publications"] == nil && $0["assetId"] != nil })
        #expect(excluded.contains { $0["medias"] != nil })
        let excludedLocalized = excluded.compactMap { $0["localized"] as? [[String: Any]] }.flatMap { $0 }
        #expect(!excludedLocalized.isEmpty && excludedLocalized.allSatisfy { $0["description"] == nil && $0["title"] != nil })
    }

    @Test func singleAssetIsShapedToo() throws {
        let response = mock.send(
            .get, assets + "/arctic-journey?fieldSet=NONE&includeFields=duration&includeUserData=true",
            token: try mock.login())
        let body = try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
        #expect(Set(body.keys) == ["assetId", "duration", "userData"])
    }

    @Test func searchSubset() throws {
        let ids = { (query: String) throws -> [String] in
            try mock.json(AssetList.self, .get, self.assets + "?pageSize=200&sort=assetId&query=" + query).items.map(\.assetId)
        }
        #expect(try ids("arctic") == ["arctic-journey", "behind-the-scenes"])  // the clip's description names the film
        #expect(try ids("originalTitle%3Aarctic") == ["arctic-journey"])
        #expect(
            try ids("%22harbour%20tales%22%20AND%20type%3AEPISODE") == ["harbour-tales-s1e1", "harbour-tales-s1e2", "harbour-tales-s1e3"])
        #expect(try ids("type%3ATV_CHANNEL%20OR%20type%3ALIVE_EVENT").count == 4)
        #expect(try ids("zzz-nothing-like-it").isEmpty)
    }

    @Test(arguments: [
        ("sort=nonsense", "sort names an unknown asset field"), ("sort=localized..title", "unknown asset field"),
        ("includeFields=bogus", "includeFields names an unknown asset field"),
        ("excludeFields=assetId", "excludeFields may not name assetId"),
        ("fieldSet=SOME", "fieldSet must be ALL, PARTIAL or NONE"), ("query=arc*", "wildcards"), ("query=NOT%20arctic", "NOT"),
        ("query=title%3A%5Ba%20TO%20b%5D", "ranges"), ("query=%22open", "never closed")
    ])
    func badInputNamesWhatWasWrong(query: String, named: String) {
        let response = mock.send(.get, assets + "?" + query)
        #expect(response.status == 400)
        let error = mock.error(of: response)
        #expect(error.message == "INVALID_PARAMETER")
        #expect(error.extendedMessage?.contains(named) == true, "\(error.extendedMessage ?? "-")")
    }
}
