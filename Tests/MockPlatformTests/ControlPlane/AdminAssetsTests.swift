import ExposureModels
import Foundation
import HTTPServer
import HTTPTypes
import MockPlatform
import Testing

/// `GET /_mock/assets`: each catalog asset's mock settings, what the dashboard's catalog shows
/// besides the Exposure JSON.
@Suite struct AdminAssetsTests {
    @Test func everyAssetWithItsFixtureSettings() throws {
        let mock = try InProcessPlatform()
        let page = try mock.json(MockAssetPage.self, .get, "/_mock/assets")
        let catalog = mock.platform.context.catalog.catalog
        #expect(page.assets.map(\.assetId) == catalog.assets.map(\.assetId))
        let byId = Dictionary(uniqueKeysWithValues: page.assets.map { ($0.assetId, $0.mock) })
        #expect(byId["masterclass-lecture"]?.contractRestrictions?.ffEnabled == false)
        #expect(byId["mountain-ssai"]?.ssai?.preroll == ["ad-1", "ad-2"])
        #expect(byId["arctic-journey"]?.download?.maxDownloadCount == 2)
        #expect(byId["sport-max"]?.channel?.schedule.contains { $0.blackout == true } == true)
        #expect(byId["nordic-noir"] == MockAssetSettings())
        // A setting-less asset is `{}`, not null.
        let raw = try JSONValue(parsing: mock.send(.get, "/_mock/assets").body)
        guard case .array(let assets)? = raw["assets"] else {
            Issue.record("no assets array")
            return
        }
        #expect(assets.first { $0["assetId"] == .string("nordic-noir") }?["mock"] == .object([:]))
    }
}
