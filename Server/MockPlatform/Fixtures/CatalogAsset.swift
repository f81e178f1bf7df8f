import ExposureModels

/// One entry of `assets.json`: an Exposure asset exactly as the API sends it, plus a `mock`
/// key telling the mock how to play it.
public struct CatalogAsset: Decodable, Sendable, Equatable {
    /// The asset as clients receive it.
    public var asset: Asset
    /// How the mock plays it.
    public var mock: MockAssetSettings

    private enum CodingKeys: String, CodingKey { case mock }

    /// An entry.
    public init(asset: Asset, mock: MockAssetSettings = MockAssetSettings()) {
        self.asset = asset
        self.mock = mock
    }

    public init(from decoder: any Decoder) throws {
        asset = try Asset(from: decoder)
        mock =
            try decoder.container(keyedBy: CodingKeys.self)
            .decodeIfPresent(MockAssetSettings.self, forKey: .mock) ?? MockAssetSettings()
    }

    /// The asset id.
    public var assetId: String { asset.assetId }
}
