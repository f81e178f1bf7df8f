import Clocks
import ExposureModels
import Foundation
import MockPlatform

/// `exposure-mock`'s log: one line per answered request, start and stop lines, and the HTTP
/// server's diagnostics, as text or JSON lines (docs/logging.md), each written whole to `write`.
struct MockLog: Sendable {
    let format: LogFormat
    let level: LogLevel
    let write: @Sendable (String) -> Void

    /// The level of a request line: info below 400, warning for 4xx, error for 5xx or no answer.
    static func level(of entry: RequestLogEntry) -> LogLevel {
        guard let status = entry.status else { return .error }
        return status >= 500 ? .error : status >= 400 ? .warning : .info
    }

    /// Writes `entry` if its level is written.
    func request(_ entry: RequestLogEntry) {
        let entryLevel = Self.level(of: entry)
        guard entryLevel >= level, level != .quiet else { return }
        write(line(for: entry, level: entryLevel))
    }

    /// Writes an event that is not a request (`start`, `stop`, `server`, `configuration`) if its level is written.
    func event(_ name: String, _ eventLevel: LogLevel, _ message: String, urls: [String] = [], time: WallTime = .systemNow) {
        guard eventLevel >= level, level != .quiet else { return }
        write(line(event: name, level: eventLevel, message: message, urls: urls, time: time))
    }

    /// One request line.
    func line(for entry: RequestLogEntry, level entryLevel: LogLevel) -> String {
        let durationMs = entry.duration.fractionalMilliseconds
        let target = entry.path + (entry.query.isEmpty ? "" : "?" + entry.query)
        switch format {
        case .text:
            let status = entry.status.map(String.init) ?? "dropped"
            return "\(ISO8601.string(from: entry.time)) \(entryLevel.rawValue) \(entry.method) \(target) \(status) \(entry.bytes)B "
                + String(format: "%.1fms", durationMs)
                + " request=\(entry.requestId ?? "-") account=\(entry.accountId ?? "-") fault=\(entry.faultId ?? "-")"
        case .json:
            return Self.json([
                "time": ISO8601.string(from: entry.time), "level": entryLevel.rawValue, "event": "request", "method": entry.method,
                "path": entry.path, "query": entry.query, "status": entry.status ?? NSNull(), "bytes": entry.bytes,
                "durationMs": (durationMs * 1000).rounded() / 1000, "requestId": entry.requestId ?? NSNull(),
                "accountId": entry.accountId ?? NSNull(), "faultId": entry.faultId ?? NSNull()
            ])
        }
    }

    /// One line of another event.
    func line(event name: String, level eventLevel: LogLevel, message: String, urls: [String], time: WallTime) -> String {
        switch format {
        case .text:
            return "\(ISO8601.string(from: time)) \(eventLevel.rawValue) \(name): \(message)"
        case .json:
            return Self.json([
                "time": ISO8601.string(from: time), "level": eventLevel.rawValue, "event": name, "message": message, "urls": urls
            ])
        }
    }

    /// Keys sorted, slashes as they are, on one line.
    private static func json(_ object: [String: Any]) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
