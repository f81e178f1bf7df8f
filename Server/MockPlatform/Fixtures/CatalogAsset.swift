import ExposureModels

/// One entry of `assets.json`: an Exposure asset exactly as the API sends it, plus a `mock`
/// key telling the mock how to play it.
package struct CatalogAsset: Decodable, Sendable, Equatable {
    /// The asset as clients receive it.
    package var asset: Asset
    /// How the mock plays it.
    package var mock: MockAssetSettings

    private enum CodingKeys: String, CodingKey { case mock }

    /// An entry.
    package init(asset: Asset, mock: MockAssetSettings = MockAssetSettings()) {
        self.asset = asset
        self.mock = mock
    }

    package init(from decoder: any Decoder) throws {
        asset = try Asset(from: decoder)
        mock =
            try decoder.container(keyedBy: CodingKeys.self)
            .decodeIfPresent(MockAssetSettings.self, forKey: .mock) ?? MockAssetSettings()
    }

    /// The asset id.
    package var assetId: String { asset.assetId }
}
