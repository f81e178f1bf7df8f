import Clocks
import Cryptography

/// The id of one content key: the asset or channel whose segments it encrypts and the key
/// period it covers. `{assetId}.{period start in ms since 1970}`; assets other than channels
/// have one key, period 0. The key itself is derived from the id (``key``), never stored.
struct ContentKeyID: Hashable, Sendable {
    /// The asset or channel.
    let assetId: String
    /// When the key period starts on the channel's timeline; 1970-01-01T00:00Z for an asset's one key.
    let periodStart: WallTime

    /// The id as key URIs write it.
    var text: String { "\(assetId).\(periodStart.millisecondsSince1970)" }

    /// An id.
    init(assetId: String, periodStart: WallTime) {
        self.assetId = assetId
        self.periodStart = periodStart
    }

    /// The id `text` writes; nil when it is not `{assetId}.{whole number}`.
    init?(text: String) {
        guard let dot = text.lastIndex(of: "."), dot > text.startIndex, let period = Int64(text[text.index(after: dot)...]),
            period >= 0
        else { return nil }
        self.init(assetId: String(text[..<dot]), periodStart: WallTime(millisecondsSince1970: period))
    }

    /// The 16-byte AES-128 key: the first half of HMAC-SHA-256 of the id under ``MockSecret``,
    /// the same on every run.
    var key: [UInt8] {
        Array(HMACSHA256.code(key: MockSecret.bytes, message: Array(("content-key:" + text).utf8)).prefix(AES128CBC.keyLength))
    }
}
