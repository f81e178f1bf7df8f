import ExposureModels
import Foundation
import MockPlatformTesting
import Testing

/// The spellings of the admin API's records from before their times became `WallTime`s and
/// `Duration`s (`DownloadRecord(…timeMs:)`, `receivedMs`, `JournalEntry(…timeMs:…durationMs:…)`,
/// `JournalFilter(sinceMs:)`, `ClockState.offsetMs`, `ClockUpdate(offsetMs:)`,
/// `RequestLogEntry(timeMs:…)`) still compile and read the same values, and their JSON keeps the
/// wire's names and milliseconds.
@Suite struct AdminRecordMillisecondSpellingTests {
    static let at = WallTime(millisecondsSince1970: 1_000)

    static func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    @available(*, deprecated, message: "calls the deprecated millisecond spellings on purpose")
    @Test func downloadsEventsAndBeaconsKeepTheirMillisecondSpellings() {
        var download = DownloadRecord(accountId: "acc", assetId: "a", kind: .download, deviceId: nil, timeMs: 1_000)
        #expect(download == DownloadRecord(accountId: "acc", assetId: "a", kind: .download, deviceId: nil, time: Self.at))
        download.timeMs = 2_000
        #expect(download.time == WallTime(millisecondsSince1970: 2_000) && download.timeMs == 2_000)
        let event = AnalyticsEvent(eventType: "Playback.Started", timestamp: 1_000, sequenceNumber: 1)
        var recorded = RecordedAnalyticsEvent(receivedMs: 1_000, accountId: "acc", sessionId: "s", clockOffset: nil, event: event)
        #expect(recorded == RecordedAnalyticsEvent(received: Self.at, accountId: "acc", sessionId: "s", clockOffset: nil, event: event))
        recorded.receivedMs = 3_000
        #expect(recorded.received == WallTime(millisecondsSince1970: 3_000))
        var beacon = RecordedBeacon(receivedMs: 1_000, playSessionId: "p", clipIndex: 0, event: "start")
        #expect(beacon == RecordedBeacon(received: Self.at, playSessionId: "p", clipIndex: 0, event: "start"))
        beacon.receivedMs = 4_000
        #expect(beacon.receivedMs == 4_000 && beacon.received == WallTime(millisecondsSince1970: 4_000))
    }

    @available(*, deprecated, message: "calls the deprecated millisecond spellings on purpose")
    @Test func theJournalTheClockAndTheLogKeepTheirMillisecondSpellings() {
        var entry = JournalEntry(
            id: 1, timeMs: 1_000, method: "GET", path: "/p", query: "", headers: [:], requestBytes: 0, status: 200,
            responseBytes: 0, durationMs: 12.5, accountId: nil, faultId: nil, delivery: "immediate")
        #expect(entry.time == Self.at && entry.duration == .microseconds(12_500))
        #expect(entry.timeMs == 1_000 && entry.durationMs == 12.5)
        entry.durationMs = 3
        #expect(entry.duration == .milliseconds(3))
        var filter = JournalFilter(pathPrefix: "/p", sinceMs: 1_000)
        #expect(filter == JournalFilter(pathPrefix: "/p", since: Self.at) && filter.sinceMs == 1_000)
        filter.sinceMs = nil
        #expect(filter.since == nil)
        var state = ClockState(now: "1970-01-01T00:00:01.000Z", offsetMs: 3_600_000, rate: 1)
        #expect(state.offset == .seconds(3_600) && state.offsetMs == 3_600_000)
        state.offsetMs = -1
        #expect(state.offset == .milliseconds(-1))
        var update = ClockUpdate(offsetMs: 60_000, rate: 0)
        #expect(update == ClockUpdate(offset: .seconds(60), rate: 0) && update.offsetMs == 60_000)
        update.offsetMs = nil
        #expect(update.offset == nil)
        var line = RequestLogEntry(
            timeMs: 1_000, method: "GET", path: "/p", query: "", status: 200, bytes: 0, duration: .zero, requestId: nil,
            accountId: nil, faultId: nil)
        #expect(line.time == Self.at && line.timeMs == 1_000)
        line.timeMs = 5_000
        #expect(line.time == WallTime(millisecondsSince1970: 5_000))
    }

    @Test func theirJSONKeepsTheWireNamesAndMilliseconds() throws {
        let download = DownloadRecord(accountId: "acc", assetId: "a", kind: .renew, deviceId: "d", time: Self.at)
        let downloadJSON = try Self.json(download)
        #expect(downloadJSON == #"{"accountId":"acc","assetId":"a","deviceId":"d","kind":"RENEW","timeMs":1000}"#)
        #expect(try JSONDecoder().decode(DownloadRecord.self, from: Data(downloadJSON.utf8)) == download)
        let beacon = RecordedBeacon(received: Self.at, playSessionId: "p", clipIndex: 2, event: "start")
        #expect(try Self.json(beacon) == #"{"clipIndex":2,"event":"start","playSessionId":"p","receivedMs":1000}"#)
        let event = RecordedAnalyticsEvent(
            received: Self.at, accountId: "acc", sessionId: "s", clockOffset: 7,
            event: AnalyticsEvent(eventType: "Playback.Started", timestamp: 1_000, sequenceNumber: 1))
        let eventJSON = try Self.json(event)
        #expect(eventJSON.contains(#""clockOffset":7"#) && eventJSON.contains(#""receivedMs":1000"#))
        #expect(try JSONDecoder().decode(RecordedAnalyticsEvent.self, from: Data(eventJSON.utf8)) == event)
        let entry = JournalEntry(
            id: 1, time: Self.at, method: "GET", path: "/p", query: "", headers: [:], requestBytes: 0, status: 200,
            responseBytes: 0, duration: .microseconds(1_250), accountId: nil, faultId: nil, delivery: "immediate")
        let entryJSON = try Self.json(entry)
        #expect(entryJSON.contains(#""durationMs":1.25"#) && entryJSON.contains(#""timestamp":"1970-01-01T00:00:01.000Z""#))
        #expect(try JSONDecoder().decode(JournalEntry.self, from: Data(entryJSON.utf8)) == entry)
        let state = ClockState(now: "1970-01-01T00:00:01.000Z", offset: .seconds(1), rate: 1)
        #expect(try Self.json(state) == #"{"now":"1970-01-01T00:00:01.000Z","offsetMs":1000,"rate":1}"#)
        #expect(try Self.json(ClockUpdate(offset: .milliseconds(-5))) == #"{"offsetMs":-5}"#)
        #expect(
            try JSONDecoder().decode(ClockUpdate.self, from: Data(#"{"offsetMs":250,"rate":2}"#.utf8))
                == ClockUpdate(offset: .milliseconds(250), rate: 2))
    }
}
