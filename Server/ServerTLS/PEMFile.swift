import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading and writing the PEM files of certificates and keys with the system's own reasons for
/// failing. A file is written whole or not at all: into a temporary file beside it, created with
/// its final permissions (a key is never readable by others, not even for a moment), flushed to
/// disk, then renamed over the final name.
enum PEMFile {
    /// The text of the file at `url`.
    /// - Throws: ``PEMFileError`` naming the file and why it cannot be read.
    static func read(_ url: URL) throws(PEMFileError) -> String {
        let descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw PEMFileError(verb: "read", file: url, errno: errno) }
        defer { close(descriptor) }
        switch readFully(descriptor) {
        case .success(let bytes): return String(decoding: bytes, as: UTF8.self)
        case .failure(let failure): throw PEMFileError(verb: "read", file: url, errno: failure.code)
        }
    }

    /// Writes `text` to `url` with permissions `mode`.
    /// - Throws: ``PEMFileError`` naming the file and the system's reason.
    static func write(_ text: String, to url: URL, mode: mode_t) throws(PEMFileError) {
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString)")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard descriptor >= 0 else { throw PEMFileError(verb: "write", file: url, errno: errno) }
        var failure = writeFully(descriptor, Array(text.utf8))
        if failure == nil, fsync(descriptor) != 0 { failure = errno }
        close(descriptor)
        if failure == nil, rename(temporary.path, url.path) != 0 { failure = errno }
        if let failure {
            unlink(temporary.path)
            throw PEMFileError(verb: "write", file: url, errno: failure)
        }
    }
}

/// An `errno` as an error.
private struct SystemError: Error {
    let code: Int32
}

/// Everything `descriptor` has to read, or the `errno` of a failure (EISDIR for a folder).
private func readFully(_ descriptor: Int32) -> Result<[UInt8], SystemError> {
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 16 << 10)
    while true {
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count > 0 {
            bytes += buffer[..<count]
        } else if count == 0 {
            return .success(bytes)
        } else if errno != EINTR {
            return .failure(SystemError(code: errno))
        }
    }
}

/// Writes all of `bytes` to `descriptor`; the `errno` of a failure, nil on success.
private func writeFully(_ descriptor: Int32, _ bytes: [UInt8]) -> Int32? {
    var written = 0
    while written < bytes.count {
        let count = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        if count > 0 {
            written += count
        } else if errno != EINTR {
            return errno
        }
    }
    return nil
}

/// A file ``PEMFile`` could not read or write.
struct PEMFileError: Error, CustomStringConvertible {
    /// `read` or `write`.
    let verb: String
    let file: URL
    let errno: Int32

    /// `cannot read /x (No such file or directory)`.
    var description: String { "cannot \(verb) \(file.path) (\(String(cString: strerror(errno))))" }
}
