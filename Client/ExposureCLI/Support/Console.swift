import Foundation

#if canImport(Glibc)
import Glibc

private let systemWrite = Glibc.write
#elseif canImport(Darwin)
import Darwin

private let systemWrite = Darwin.write
#endif

/// Standard output and error, written unbuffered: `exposure play` prints a timeline as it
/// happens, and a buffered line would arrive late (or never, when the process is interrupted).
///
/// SIGPIPE is ignored (see ``ExposureCLI``): a write to an output whose reader went away fails,
/// and ``Interruption/outputClosed()`` decides what follows.
enum Console {
    static func out(_ text: String) {
        write(text + "\n")
    }

    static func err(_ text: String) {
        _ = write(Data((text + "\n").utf8), to: STDERR_FILENO)
    }

    /// Writes `text` to standard output as it is, with no line end (a progress bar redrawn in place).
    static func write(_ text: String) {
        if !write(Data(text.utf8), to: STDOUT_FILENO) { Interruption.outputClosed() }
    }

    /// Writes all of `data`; false when the descriptor cannot be written any more.
    private static func write(_ data: Data, to descriptor: Int32) -> Bool {
        data.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = systemWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += written
            }
            return true
        }
    }
}
