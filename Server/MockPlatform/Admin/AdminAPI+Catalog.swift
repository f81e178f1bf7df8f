import ExposureModels
import HTTPServer

extension AdminAPI {
    /// What the fixtures say of each asset beyond its Exposure JSON: how the mock plays it.
    mutating func registerCatalog() {
        let context = control.context
        add(.get, "/assets") { _, _ throws(ExposureErrorMessage) in
            Responses.json(
                MockAssetPage(assets: context.catalog.catalog.assets.map { MockAssetReport(assetId: $0.assetId, mock: $0.mock) }))
        }
    }
}

/// `GET /_mock/assets`.
package struct MockAssetPage: Codable, Sendable, Equatable {
    /// Every catalog asset in the fixtures' order.
    package var assets: [MockAssetReport]
}

/// One asset's `mock` settings as `assets.json` gives them (contract restrictions, SSAI, channel
/// schedule, live event, download rules), which the Exposure API tells a client only through
/// an entitlement.
package struct MockAssetReport: Codable, Sendable, Equatable {
    /// The asset.
    package var assetId: String
    /// Its settings; `{}` when the fixture has none.
    package var mock: MockAssetSettings
}
