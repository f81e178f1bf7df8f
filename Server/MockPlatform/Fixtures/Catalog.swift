import ExposureModels

/// Everything loaded from a fixtures directory, checked and indexed. Immutable: a reload builds
/// a new catalog and swaps it in whole.
package struct Catalog: Sendable {
    /// Platform settings.
    package let settings: PlatformSettings
    /// Accounts, by username.
    package let users: [String: FixtureUser]
    /// Assets in file order.
    package let assets: [CatalogAsset]
    /// The same assets as clients see them, kept whole so list requests do not copy each one.
    package let wireAssets: [Asset]
    /// Assets by id.
    package let assetsById: [String: CatalogAsset]
    /// Ad creatives by id.
    package let ads: [String: AdCreative]
    /// The media the streams are made of.
    package let media: MediaManifest
    /// Accounts in file order, for reports.
    let usersInFileOrder: [FixtureUser]
    /// Ad creatives in file order, for reports.
    let adsInFileOrder: [AdCreative]

    /// Indexes checked fixtures.
    package init(settings: PlatformSettings, users: [FixtureUser], assets: [CatalogAsset], ads: [AdCreative], media: MediaManifest) {
        self.settings = settings
        usersInFileOrder = users
        adsInFileOrder = ads
        self.users = Dictionary(users.map { ($0.username, $0) }, uniquingKeysWith: { first, _ in first })
        self.assets = assets
        wireAssets = assets.map(\.asset)
        self.assetsById = Dictionary(assets.map { ($0.assetId, $0) }, uniquingKeysWith: { first, _ in first })
        self.ads = Dictionary(ads.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        self.media = media
    }

    /// The live channels, in file order.
    package var channels: [CatalogAsset] { assets.filter { $0.mock.channel != nil } }

    /// The user owning an account id.
    package func user(accountId: String) -> FixtureUser? { users.values.first { $0.accountId == accountId } }
}
