import ExposureModels
import Foundation
import Synchronization

/// The catalog's assets as one origin receives them: each asset's JSON encoded once, with its
/// images' root-relative URLs (`/media/posters/…`, as the fixtures write them) made absolute
/// against that origin, since the official apps load an image from its URL as it stands.
struct ServedAssets: Sendable {
    /// Each catalog asset encoded as clients receive it (no user data), by asset id.
    let json: [String: Data]
    /// The same as JSON values, for shaping by field name.
    let fields: [String: JSONValue]

    init(_ assets: [Asset], base: String) {
        var json: [String: Data] = [:]
        for asset in assets {
            json[asset.assetId] = try? ExposureJSON.encode(asset.resolvingImageURLs(against: base))
        }
        self.json = json
        fields = json.compactMapValues { try? JSONValue(parsing: $0) }
    }
}

/// ``ServedAssets`` per origin (`RequestContext.baseURL`: scheme and `Host`), made on first use
/// and kept, up to ``limit`` origins: past that the store starts over (keeping the empty origin's,
/// which sort and search queries read), so a client sending a
/// new `Host` every time costs an encoding of the catalog per request, never unbounded memory.
/// One store per catalog load, so a reload never serves old assets.
final class ServedAssetsByOrigin: Sendable {
    private let assets: [Asset]
    private let kept = Mutex<[String: ServedAssets]>([:])
    /// Origins kept before the store starts over (a mock is reached by a handful: loopback,
    /// a LAN name, HTTPS).
    static let limit = 16

    init(assets: [Asset]) { self.assets = assets }

    /// The assets as served to `base`.
    func assets(for base: String) -> ServedAssets {
        if let served = kept.withLock({ $0[base] }) { return served }
        let served = ServedAssets(assets, base: base)
        kept.withLock { kept in
            // The empty origin stays: it is the one sort and search queries read.
            if kept.count >= Self.limit, kept[base] == nil { kept = kept.filter { $0.key.isEmpty } }
            kept[base] = served
        }
        return served
    }
}

extension Asset {
    /// The asset with every image URL that starts with a single `/` prefixed with `base`
    /// (`http://127.0.0.1:8080`); absolute and scheme-relative URLs stay as they are.
    func resolvingImageURLs(against base: String) -> Asset {
        var asset = self
        asset.localized = localized?.map { data in
            var data = data
            data.images = data.images?.map { image in
                var image = image
                if let url = image.url, url.hasPrefix("/"), !url.hasPrefix("//") { image.url = base + url }
                return image
            }
            return data
        }
        return asset
    }
}
