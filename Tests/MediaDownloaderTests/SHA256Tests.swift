import Cryptography
import ExposureDownload
import Foundation
import MockPlatformTesting
import TestSupport
import Testing

@Suite(.onItsOwnQueue) struct SHA256Tests {
    /// FIPS 180-2 appendix B and the usual extra vectors.
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
        (String(repeating: "a", count: 55), "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318"),
        (String(repeating: "a", count: 64), "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb")
    ])
    func knownDigests(_ message: String, _ digest: String) {
        #expect(SHA256.hex(of: Array(message.utf8)) == digest)
    }

    @Test func aMillionAs() {
        #expect(
            SHA256.hex(of: [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000))
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func chunksInAnySizeGiveTheSameDigest() {
        let bytes = (0..<1_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        for chunk in [1, 7, 63, 64, 65, 999] {
            let hasher = SHA256()
            for start in stride(from: 0, to: bytes.count, by: chunk) { hasher.update(bytes[start..<min(start + chunk, bytes.count)]) }
            #expect(hasher.finalize() == SHA256.hex(of: bytes), "chunks of \(chunk)")
        }
    }

    /// The digest of a real media file equals coreutils' `sha256sum`.
    @Test func aMediaFileAgreesWithSha256sum() async throws {
        let file = FixtureLoader.bundledDirectory.appendingPathComponent("media/reel/video/360p/seg-003.ts")
        let result = try await ChildProcess.run(URL(fileURLWithPath: "/usr/bin/env"), ["sha256sum", file.path])
        let expected = String(result.output.prefix(64))
        #expect(result.status == 0 && expected.count == 64)
        #expect(PackageFiles.digest(of: file)?.sha256 == expected)
        #expect(SHA256.hex(of: try Data(contentsOf: file)) == expected)
    }
}
