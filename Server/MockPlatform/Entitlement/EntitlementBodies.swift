import ExposureModels
import Foundation
import Synchronization

/// The JSON of play entitlements, encoded once per shape and patched per request.
///
/// The builder writes an entitlement with `markers` in place of the play's ids; that value is
/// the shape. Two plays with equal shapes differ only in those ids, so one encoding of the
/// shape, split at the markers, serves both: the body is byte for byte what JSONEncoder writes
/// for the real entitlement. Everything else stays in the shape, so a field that changes
/// (a bookmark saved, the expiry's second, a live window's start) makes a new shape, never a
/// stale body. One store per catalog load; the markers are random per store.
final class EntitlementBodies: Sendable {
    /// Stand-ins for the ids: plain ASCII no fixture or request can contain.
    let markers: PlayIdentifiers
    private let templates = Mutex<[String: [Entry]]>([:])

    private struct Entry {
        let shape: PlaybackEntitlement
        let template: JSONTemplate
    }

    /// Shapes kept per asset: a few accounts' bookmarks, or the second before and after an expiry tick.
    private static let shapesPerAsset = 8
    /// Assets kept before the store starts over (program assets are many over a long run).
    private static let assetLimit = 4_096

    init() {
        let nonce = RandomToken.make(bytes: 8)
        // Upper-case letters after lower-case hex: no marker is a prefix of another.
        markers = PlayIdentifiers(playSessionId: "\(nonce)S", playToken: "\(nonce)T", requestId: "\(nonce)R", accountId: "\(nonce)A")
    }

    /// The body of `shape` (built with `markers`) for the play `ids`.
    func body(of shape: PlaybackEntitlement, for ids: PlayIdentifiers) throws(ExposureErrorMessage) -> Data {
        let key = shape.assetId ?? ""
        // Compared outside the lock: a shape is a whole entitlement, and every play asks.
        let kept = templates.withLock { $0[key] } ?? []
        if let template = kept.first(where: { $0.shape == shape })?.template {
            return template.render(ids.values)
        }
        let encoded: Data
        do {
            encoded = try ExposureJSON.encode(shape)
        } catch {
            throw .internalError("The entitlement could not be encoded: \(error)")
        }
        let template = JSONTemplate(encoded: encoded, markers: markers.values)
        templates.withLock { store in
            if store.count >= Self.assetLimit, store[key] == nil { store.removeAll() }
            var entries = store[key] ?? []
            entries.insert(Entry(shape: shape, template: template), at: 0)
            if entries.count > Self.shapesPerAsset { entries.removeLast() }
            store[key] = entries
        }
        return template.render(ids.values)
    }
}
