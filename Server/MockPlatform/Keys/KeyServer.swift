import Clocks
import ExposureModels

/// Decides whether a key request gets its key, as a tokenised key server would: the key of an
/// encrypted stream, for a play token the mock signed, of that stream, unexpired, whose
/// account may watch the key's period (on a channel, the program it lies in).
struct KeyServer {
    let loaded: LoadedCatalog
    let now: WallTime

    /// The 16 bytes of the key `keyId` for the play token `token`.
    /// - Throws: 404 `NOT_FOUND` for an id that names no key of an encrypted stream; 403 with
    ///   `INVALID_TOKEN` (no token, or one the mock did not sign), `NOT_ENTITLED` (another
    ///   stream's token, a key outside the stream's window, a program the account may not
    ///   watch) or `LICENSE_EXPIRED` (the token has expired).
    func key(_ keyId: String, token: String?) throws(ExposureErrorMessage) -> [UInt8] {
        guard let id = ContentKeyID(text: keyId), StreamKeys(assetId: id.assetId, loaded: loaded) != nil else {
            throw ExposureErrorMessage(httpCode: 404, message: "NOT_FOUND", extendedMessage: "No encrypted stream has the key \(keyId).")
        }
        guard let text = token, !text.isEmpty else {
            throw Self.refusal("INVALID_TOKEN", "A key is given for a play token: add ?token= with the entitlement's playToken.")
        }
        guard let token = PlayToken(verifying: text) else {
            throw Self.refusal("INVALID_TOKEN", "The play token was not issued by this platform.")
        }
        guard token.assetId == id.assetId else {
            throw Self.refusal("NOT_ENTITLED", "The play token is for \(token.assetId), not \(id.assetId).")
        }
        guard now < token.expires else {
            throw Self.refusal("LICENSE_EXPIRED", "The play token expired at \(ISO8601.string(from: token.expires)).")
        }
        let schedule = loaded.schedules[id.assetId]
        guard KeyPeriods.isKey(id, schedule: schedule), id.periodStart <= now else {
            throw Self.refusal("NOT_ENTITLED", "The key \(keyId) is outside the window of \(id.assetId).")
        }
        if let schedule {
            let products = loaded.catalog.user(accountId: token.accountId)?.products ?? loaded.catalog.settings.anonymousProducts
            try AccessPolicy.check(program: schedule.program(at: id.periodStart), products: products)
        }
        return id.key
    }

    private static func refusal(_ message: String, _ extendedMessage: String) -> ExposureErrorMessage {
        ExposureErrorMessage(httpCode: 403, message: message, extendedMessage: extendedMessage)
    }
}
