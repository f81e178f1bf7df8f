import Foundation

/// The `EXT-X-KEY` URI of a downloaded package's key: `exposure-offline-key:{number}`, the
/// key's position among the download's keys. Not a place: only an ``OfflineKeySource`` answers
/// it, so a copied package folder holds no key.
public enum OfflineKeyURI {
    /// The URI scheme.
    public static let scheme = "exposure-offline-key"

    /// The URI of the download's key number `number`.
    public static func make(_ number: Int) -> URL {
        // A scheme and digits always form a URL.
        URL(string: "\(scheme):\(number)")!
    }

    /// The key number `url` names; nil when it is no offline key URI.
    public static func number(of url: URL) -> Int? {
        guard url.scheme == scheme else { return nil }
        let text = url.absoluteString.dropFirst(scheme.count + 1)
        guard !text.isEmpty, text.allSatisfy(\.isASCII), text.allSatisfy(\.isNumber) else { return nil }
        return Int(text)
    }
}
