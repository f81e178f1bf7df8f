import CCrypto
import Foundation

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

    /// `plaintext` encrypted into a new `Data` (padded to the next whole block): libcrypto reads
    /// the bytes where they are and writes straight into the buffer the result owns, with no
    /// array in between and no copy. The mock serves encrypted segments this way.
    /// - Throws: ``CryptographyError`` as the array form does.
    public func encrypt(data plaintext: Data) throws(CryptographyError) -> Data {
        try data(plaintext, encrypt: true)
    }

    /// `ciphertext` decrypted into a new `Data`, its padding checked and left out: one
    /// allocation, no copy. The SDK's engine opens each segment this way.
    /// - Throws: ``CryptographyError`` as the array forms do.
    public func decrypt(data ciphertext: Data) throws(CryptographyError) -> Data {
        try data(ciphertext, encrypt: false)
    }

    /// `ciphertext` decrypted into `clear`, which has room for `ciphertext.count` bytes and one
    /// block more (libcrypto's rule); its padding checked and left out. Returns how many bytes
    /// of `clear` the plaintext fills. No allocation and no copy: the SDK's engine opens each
    /// segment's bytes straight into the buffer it hands on.
    /// - Throws: ``CryptographyError`` as the other forms do, and when `clear` is too short.
    public func decrypt(_ ciphertext: UnsafeRawBufferPointer, into clear: UnsafeMutableRawBufferPointer) throws(CryptographyError) -> Int {
        try run(ciphertext, into: clear, encrypt: false)
    }

    /// `input` through the cipher into a new array (its capacity left uninitialised: libcrypto
    /// writes every byte that counts).
    private func run(_ input: some Collection<UInt8>, encrypt: Bool) throws(CryptographyError) -> [UInt8] {
        let process = { (bytes: UnsafeBufferPointer<UInt8>) -> Result<[UInt8], CryptographyError> in
            var failure: CryptographyError?
            let output = [UInt8](unsafeUninitializedCapacity: bytes.count + Self.keyLength) { buffer, initialized in
                let written = Result { () throws(CryptographyError) in
                    try self.run(UnsafeRawBufferPointer(bytes), into: UnsafeMutableRawBufferPointer(buffer), encrypt: encrypt)
                }
                switch written {
                case .success(let count): initialized = count
                case .failure(let error): failure = error
                }
            }
            return failure.map { .failure($0) } ?? .success(output)
        }
        let result = input.withContiguousStorageIfAvailable(process) ?? Array(input).withUnsafeBufferPointer(process)
        return try result.get()
    }

    /// `input` through the cipher into a new `Data` owning the buffer libcrypto wrote into.
    ///
    /// Uninitialised, aligned memory handed to `Data` as it is: through arrays in and out (three
    /// buffers of a segment's size alive at once, one of them a copy), glibc's malloc gave the
    /// freed megabytes back to the system on every segment and took them again as fresh pages,
    /// which held a 1 MiB segment to a fraction of libcrypto's speed.
    private func data(_ input: Data, encrypt: Bool) throws(CryptographyError) -> Data {
        let room = input.count + Self.keyLength
        let output = UnsafeMutableRawPointer.allocate(byteCount: room, alignment: Self.keyLength)
        let written = input.withUnsafeBytes { bytes in
            Result { () throws(CryptographyError) in
                try run(bytes, into: UnsafeMutableRawBufferPointer(start: output, count: room), encrypt: encrypt)
            }
        }
        switch written {
        case .success(let count):
            return Data(bytesNoCopy: output, count: count, deallocator: .custom { bytes, _ in bytes.deallocate() })
        case .failure(let error):
            output.deallocate()
            throw error
        }
    }

    /// One pass of `input` through the cipher into `output` (room for one block more than
    /// `input`); the bytes written.
    private func run(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer, encrypt: Bool) throws(CryptographyError)
        -> Int
    {
        guard output.count >= input.count + Self.keyLength, input.count <= Int32.max - Int32(Self.keyLength) else {
            throw CryptographyError("AES-128-CBC needs room for \(input.count) bytes and a block, not \(output.count)")
        }
        guard let context = EVP_CIPHER_CTX_new() else { throw CryptographyError("libcrypto could not allocate a cipher") }
        defer { EVP_CIPHER_CTX_free(context) }
        guard EVP_CipherInit_ex(context, EVP_aes_128_cbc(), nil, key, iv, encrypt ? 1 : 0) == 1 else {
            throw CryptographyError("libcrypto could not start AES-128-CBC")
        }
        EVP_CIPHER_CTX_set_padding(context, padding ? 1 : 0)
        let from = input.baseAddress?.assumingMemoryBound(to: UInt8.self)
        let to = output.baseAddress?.assumingMemoryBound(to: UInt8.self)
        var written: Int32 = 0
        var finished: Int32 = 0
        guard EVP_CipherUpdate(context, to, &written, from, Int32(input.count)) == 1,
            EVP_CipherFinal_ex(context, to.map { $0 + Int(written) }, &finished) == 1
        else {
            throw CryptographyError(
                encrypt
                    ? "AES-128-CBC could not encrypt \(input.count) bytes"
                    : "AES-128-CBC could not decrypt \(input.count) bytes: the wrong key, or damaged data")
        }
        return Int(written + finished)
    }
}

/// What libcrypto refused, in words.
public struct CryptographyError: Error, Equatable, CustomStringConvertible {
    /// What went wrong.
    public let description: String

    init(_ description: String) { self.description = description }
}
