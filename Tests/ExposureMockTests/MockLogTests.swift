import Foundation
import MockPlatformTesting
import Synchronization
import Testing

@testable import ExposureMock

/// The log lines of `exposure-mock`: text and JSON, levels, and what each request line carries.
@Suite struct MockLogTests {
    private let entry = RequestLogEntry(
        time: WallTime(millisecondsSince1970: 1_796_040_000_123), method: "GET", path: "/v1/customer/c/businessunit/b/content/asset",
        query: "pageSize=5",
        status: 200, bytes: 512, duration: .microseconds(1_260), requestId: "r1", accountId: "acc-basic", faultId: nil)

    private func written(_ format: LogFormat, _ level: LogLevel, _ body: (MockLog) -> Void) -> [String] {
        let lines = Mutex<[String]>([])
        body(MockLog(format: format, level: level, write: { line in lines.withLock { $0.append(line) } }))
        return lines.withLock { $0 }
    }

    @Test func aTextLineHasTimeLevelRequestAnswerAndIds() {
        let lines = written(.text, .info) { $0.request(entry) }
        #expect(
            lines == [
                "2026-11-30T12:00:00.123Z info GET /v1/customer/c/businessunit/b/content/asset?pageSize=5 200 512B 1.3ms "
                    + "request=r1 account=acc-basic fault=-"
            ])
    }

    @Test func aJSONLineIsOneObjectWithStableKeys() throws {
        var faulted = entry
        faulted.status = nil
        faulted.faultId = "f1"
        faulted.accountId = nil
        let lines = written(.json, .info) { $0.request(faulted) }
        #expect(lines.count == 1 && !lines[0].contains("\n"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(
            Set(object.keys) == [
                "time", "level", "event", "method", "path", "query", "status", "bytes", "durationMs", "requestId", "accountId", "faultId"
            ])
        #expect(object["time"] as? String == "2026-11-30T12:00:00.123Z")
        #expect(object["level"] as? String == "error", "no answer at all is an error")
        #expect(object["event"] as? String == "request" && object["path"] as? String == entry.path)
        #expect(object["status"] is NSNull && object["accountId"] is NSNull)
        #expect(object["bytes"] as? Int == 512 && object["durationMs"] as? Double == 1.26 && object["faultId"] as? String == "f1")
    }

    @Test func startAndStopLinesNameTheURLsServed() throws {
        let lines = written(.json, .info) {
            $0.event("start", .info, "serving", urls: ["http://127.0.0.1:1"], time: WallTime(millisecondsSince1970: 0))
        }
        let object = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(object["event"] as? String == "start" && object["urls"] as? [String] == ["http://127.0.0.1:1"])
        #expect(
            written(.text, .info) { $0.event("stop", .info, "stopped", time: WallTime(millisecondsSince1970: 0)) } == [
                "1970-01-01T00:00:00.000Z info stop: stopped"
            ])
    }

    @Test func theLevelChoosesWhichLinesAreWritten() {
        var notFound = entry
        notFound.status = 404
        var failed = entry
        failed.status = 503
        let all = [entry, notFound, failed]
        #expect(written(.text, .debug) { log in all.forEach(log.request) }.count == 3)
        #expect(written(.text, .warning) { log in all.forEach(log.request) }.map { $0.contains(" 200 ") } == [false, false])
        #expect(written(.text, .error) { log in all.forEach(log.request) }.count == 1)
        #expect(
            written(.text, .quiet) { log in
                all.forEach(log.request)
                log.event("start", .error, "x")
            }.isEmpty)
        #expect(written(.text, .info) { $0.event("configuration", .debug, "x") }.isEmpty)
    }
}
