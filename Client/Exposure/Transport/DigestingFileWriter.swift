import Cryptography
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file written from its start, piece by piece, with the SHA-256 of what went in kept as it
/// goes: when the last piece is in, the file is written and digested in one pass over the bytes.
///
/// Used on one thread at a time; ``finish()`` or ``discard()`` ends it.
package final class DigestingFileWriter {
    private let path: String
    private var descriptor: Int32
    private let hasher = SHA256()
    private var length: Int64 = 0

    /// Creates the file at `path`, or empties the one there.
    package init(creating path: String) throws(FileWriteError) {
        descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw FileWriteError(code: errno, context: "cannot create \(path)") }
        self.path = path
    }

    deinit { if descriptor >= 0 { close(descriptor) } }

    /// The whole of `bytes` written as the file at `path`; on failure nothing is left there.
    package static func writeWhole(_ bytes: Data, to path: String) throws(FileWriteError) -> StoredBody {
        let writer = try DigestingFileWriter(creating: path)
        let written = bytes.withUnsafeBytes { buffer in Result { () throws(FileWriteError) in try writer.append(buffer) } }
        do throws(FileWriteError) {
            try written.get()
            return try writer.finish()
        } catch {
            writer.discard()
            throw error
        }
    }

    /// Writes `bytes` after what is written already.
    package func append(_ bytes: UnsafeRawBufferPointer) throws(FileWriteError) {
        guard let start = bytes.baseAddress else { return }
        var written = 0
        while written < bytes.count {
            let result = write(descriptor, start + written, bytes.count - written)
            if result < 0 {
                if errno == EINTR { continue }
                throw FileWriteError(code: errno, context: "cannot write \(path)")
            }
            // A write that takes nothing is a device that is full.
            if result == 0 { throw FileWriteError(code: ENOSPC, context: "cannot write \(path)") }
            written += result
        }
        hasher.update(UnsafeBufferPointer(start: start.assumingMemoryBound(to: UInt8.self), count: bytes.count))
        length += Int64(bytes.count)
    }

    /// Closes the file: what it holds.
    package func finish() throws(FileWriteError) -> StoredBody {
        let closed = close(descriptor) == 0
        descriptor = -1
        guard closed else { throw FileWriteError(code: errno, context: "cannot write \(path)") }
        return StoredBody(length: length, sha256: hasher.finalize())
    }

    /// Closes the file and removes it.
    package func discard() {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        unlink(path)
    }
}
