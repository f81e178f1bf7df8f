import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file could not be created or written: which file, what was being done, and the system's
/// `errno` (`ENOSPC` for a full disk).
public struct FileWriteError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The `errno` the system answered.
    public let code: Int32
    /// What was being done, e.g. `cannot write /path/file`.
    public let context: String

    /// The failure `code` while doing `context`.
    public init(code: Int32, context: String) {
        self.code = code
        self.context = context
    }

    public var description: String { "\(context): \(String(cString: strerror(code)))" }
}
