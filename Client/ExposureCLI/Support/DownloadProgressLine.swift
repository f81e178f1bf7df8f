import Foundation

/// One moment of `exposure download` as the user reads it: a progress bar redrawn in place on
/// a terminal, or a plain line per update when the output goes to a file or a pipe.
struct DownloadProgressLine {
    /// Bytes on disk so far.
    let completedBytes: Int64
    /// The download's size, when known.
    let expectedBytes: Int64?
    /// Complete files over all files, 0 … 1.
    let fraction: Double
    /// Bytes per second, averaged over the last few updates.
    let bytesPerSecond: Double

    /// `[██████░░░░░░░░]  42%  123.4 MB / 300.0 MB  5.2 MB/s  ETA 0:34`.
    var bar: String {
        let width = 24
        let filled = Int((fraction * Double(width)).rounded(.down))
        return "[" + String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled) + "] " + summary
    }

    /// `42% 123.4 MB / 300.0 MB 5.2 MB/s ETA 0:34`.
    var summary: String {
        let percent = String(format: "%3d%%", Int((fraction * 100).rounded(.down)))
        let size = expectedBytes.map { "\(Self.bytes(completedBytes)) / \(Self.bytes($0))" } ?? Self.bytes(completedBytes)
        return [percent, size, Self.bytes(Int64(bytesPerSecond)) + "/s", "ETA " + eta].joined(separator: "  ")
    }

    /// The time left at the current rate, `m:ss` or `h:mm:ss`; `-` while unknown or stalled (under 1 B/s).
    var eta: String {
        guard let expectedBytes, bytesPerSecond >= 1, expectedBytes >= completedBytes else { return "-" }
        return Format.duration(milliseconds: Int64(Double(expectedBytes - completedBytes) / bytesPerSecond * 1000))
    }

    /// `1.5 GB`, `12.3 MB`, `512 B`: decimal units, as disks and networks count.
    static func bytes(_ count: Int64) -> String {
        let units = ["B", "kB", "MB", "GB", "TB"]
        var value = Double(count)
        var unit = 0
        while value >= 1000 && unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        return unit == 0 ? "\(count) B" : String(format: "%.1f ", value) + units[unit]
    }
}
