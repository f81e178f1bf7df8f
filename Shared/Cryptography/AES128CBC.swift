import CCrypto

/// AES-128 in CBC mode with PKCS#7 padding through libcrypto's EVP (AES-NI where the CPU has
/// it): the cipher of HLS `METHOD=AES-128` segments (RFC 8216 §4.3.2.4), which the mock
/// encrypts as it serves them and the SDK decrypts as it plays.
public struct AES128CBC: Sendable {
    /// The key and block length, bytes.
    public static let keyLength = 16

    private let key: [UInt8]
    private let iv: [UInt8]
    private let padding: Bool

    /// A cipher with a 16-byte `key` and 16-byte `iv`; `padding: false` only for whole blocks
    /// (known-answer vectors), never for HLS segments.
    /// - Throws: ``CryptographyError`` when the key or IV is not 16 bytes.
    public init(key: [UInt8], iv: [UInt8], padding: Bool = true) throws(CryptographyError) {
        guard key.count == Self.keyLength else { throw CryptographyError("an AES-128 key is 16 bytes, not \(key.count)") }
        guard iv.count == Self.keyLength else { throw CryptographyError("an AES-128 IV is 16 bytes, not \(iv.count)") }
        self.key = key
        self.iv = iv
        self.padding = padding
    }

    /// `plaintext` encrypted (padded to the next whole block).
    /// - Throws: ``CryptographyError`` when libcrypto refuses (no memory, or unpadded input of part of a block).
    public func encrypt(_ plaintext: some Collection<UInt8>) throws(CryptographyError) -> [UInt8] {
        try run(plaintext, encrypt: true)
    }

    /// `ciphertext` decrypted, its padding checked and removed.
    /// - Throws: ``CryptographyError`` when the length is not whole blocks or the padding is
    ///   wrong (the wrong key, or damaged bytes).
    public func decrypt(_ ciphertext: some Collection<UInt8>) throws(CryptographyError) -> [UInt8] {
        try run(ciphertext, encrypt: false)
    }

    /// `ciphertext` decrypted, as the generic form does; this concrete form is compiled
    /// here for arrays, so a caller in another module (the SDK's engine) does not run the
    /// unspecialised generic path, which `scripts/bench-aes` measured about 6× slower.
    /// - Throws: ``CryptographyError`` as the generic form does.
    public func decrypt(_ ciphertext: [UInt8]) throws(CryptographyError) -> [UInt8] {
        try run(ciphertext, encrypt: false)
    }

    private func run(_ input: some Collection<UInt8>, encrypt: Bool) throws(CryptographyError) -> [UInt8] {
        guard let context = EVP_CIPHER_CTX_new() else { throw CryptographyError("libcrypto could not allocate a cipher") }
        defer { EVP_CIPHER_CTX_free(context) }
        guard EVP_CipherInit_ex(context, EVP_aes_128_cbc(), nil, key, iv, encrypt ? 1 : 0) == 1 else {
            throw CryptographyError("libcrypto could not start AES-128-CBC")
        }
        EVP_CIPHER_CTX_set_padding(context, padding ? 1 : 0)
        // One pass over contiguous bytes; nil when libcrypto refused them.
        let process = { (bytes: UnsafeBufferPointer<UInt8>) -> [UInt8]? in
            var output = [UInt8](repeating: 0, count: bytes.count + Self.keyLength)
            var written: Int32 = 0
            var finished: Int32 = 0
            let done = output.withUnsafeMutableBufferPointer { out in
                EVP_CipherUpdate(context, out.baseAddress, &written, bytes.baseAddress, Int32(bytes.count)) == 1
                    && EVP_CipherFinal_ex(context, out.baseAddress.map { $0 + Int(written) }, &finished) == 1
            }
            guard done else { return nil }
            output.removeSubrange(Int(written + finished)...)
            return output
        }
        let output = input.withContiguousStorageIfAvailable(process) ?? Array(input).withUnsafeBufferPointer(process)
        guard let output else {
            throw CryptographyError(
                encrypt
                    ? "AES-128-CBC could not encrypt \(input.count) bytes"
                    : "AES-128-CBC could not decrypt \(input.count) bytes: the wrong key, or damaged data")
        }
        return output
    }
}

/// What libcrypto refused, in words.
public struct CryptographyError: Error, Equatable, CustomStringConvertible {
    /// What went wrong.
    public let description: String

    init(_ description: String) { self.description = description }
}
