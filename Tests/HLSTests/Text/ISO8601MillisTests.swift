import Foundation
import HLS
import Testing

@Suite("ISO-8601 with milliseconds")
struct ISO8601MillisTests {
    @Test(
        "formats known instants",
        arguments: [
            (Int64(0), "1970-01-01T00:00:00.000Z"),
            (1_709_294_400_000, "2024-03-01T12:00:00.000Z"),
            (951_782_400_000, "2000-02-29T00:00:00.000Z"),
            (4_107_542_399_999, "2100-02-28T23:59:59.999Z"),
            (1_709_251_199_001, "2024-02-29T23:59:59.001Z"),
            (253_402_300_799_999, "9999-12-31T23:59:59.999Z")
        ])
    func formats(milliseconds: Int64, text: String) {
        #expect(ISO8601Millis.format(milliseconds) == text)
        #expect(ISO8601Millis.parse(text) == milliseconds)
    }

    @Test("agrees with Foundation on instants across four centuries")
    func agreesWithFoundation() {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        // One instant per ~10 days from 1970 to 2370, at shifting times of day, crosses leap days and century rules.
        for step in stride(from: Int64(0), to: 12_622_780_800_000, by: 864_000_123) {
            let text = ISO8601Millis.format(step)
            #expect(text == formatter.string(from: Date(timeIntervalSince1970: Double(step) / 1000)))
            #expect(ISO8601Millis.parse(text) == step)
        }
    }

    @Test(
        "reads the forms playlists and JSON use",
        arguments: [
            ("2024-03-01T12:00:00Z", Int64(1_709_294_400_000)),
            ("2024-03-01T12:00:00.5Z", 1_709_294_400_500),
            ("2024-03-01T12:00:00.123456Z", 1_709_294_400_123),
            ("2024-03-01T13:30:00.000+01:30", 1_709_294_400_000),
            ("2024-03-01T07:00:00.000-05:00", 1_709_294_400_000),
            ("2024-03-01T14:00:00+0200", 1_709_294_400_000),
            ("2024-03-01T14:00:00+02", 1_709_294_400_000),
            ("2024-03-01t12:00:00z", 1_709_294_400_000),
            ("2024-03-01 12:00:00.000", 1_709_294_400_000),
            ("2024-03-01T00:30:00.000+01:00", 1_709_249_400_000)
        ])
    func reads(text: String, milliseconds: Int64) {
        #expect(ISO8601Millis.parse(text) == milliseconds)
        #expect(ISO8601Millis.parse(Array(text.utf8)) == milliseconds)
    }

    @Test(
        "rejects malformed dates",
        arguments: [
            "", "2024-03-01", "2024-03-01T12:00", "2023-02-29T00:00:00Z", "2100-02-29T00:00:00Z", "2024-13-01T00:00:00Z",
            "2024-04-31T00:00:00Z", "2024-03-01T24:00:00Z", "2024-03-01T12:60:00Z", "2024-03-01T12:00:00.Z",
            "2024-03-01T12:00:00Zjunk", "2024-03-01T12:00:00+1", "2024-3-01T12:00:00Z", "2024-03-01T12:00:00+01:60"
        ])
    func rejects(text: String) {
        #expect(ISO8601Millis.parse(text) == nil)
    }

    @Test("accepts leap days only in leap years")
    func leapDays() {
        #expect(ISO8601Millis.parse("2000-02-29T00:00:00Z") != nil)
        #expect(ISO8601Millis.parse("2024-02-29T00:00:00Z") != nil)
        #expect(ISO8601Millis.parse("1900-02-29T00:00:00Z") == nil)
    }

    @Test("appends to a byte buffer")
    func appends() {
        var bytes = Array("PDT:".utf8)
        ISO8601Millis.append(1_709_294_400_250, to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "PDT:2024-03-01T12:00:00.250Z")
    }

    @Test("HLSDate converts to and from Foundation dates")
    func hlsDate() {
        let date = HLSDate(iso8601: "2024-03-01T12:00:00.250Z")
        #expect(date?.millisecondsSince1970 == 1_709_294_400_250)
        #expect(date.map { HLSDate($0.date) } == date)
        #expect(date?.description == "2024-03-01T12:00:00.250Z")
    }
}
