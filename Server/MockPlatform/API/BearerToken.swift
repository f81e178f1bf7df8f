/// Reads the token of an `Authorization: Bearer <token>` header (the scheme in any case,
/// RFC 6750 §2.1). Every API request and every journal entry reads it, so it works on bytes:
/// Foundation's `trimmingCharacters` cost a tenth of an entitlement request.
enum BearerToken {
    /// The token, without surrounding blanks; nil when the header is absent, of another scheme
    /// or has an empty token.
    static func token(in header: String?) -> String? {
        guard let header else { return nil }
        let bytes = header.utf8
        guard bytes.starts(with: "bearer ".utf8, by: { $0 == $1 || ($0 | 0x20 == $1 && $1 != UInt8(ascii: " ")) }) else { return nil }
        var token = bytes.dropFirst(7).drop(while: isBlank)
        while let last = token.last, isBlank(last) { token = token.dropLast() }
        return token.isEmpty ? nil : String(Substring(token))
    }

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
    }
}
