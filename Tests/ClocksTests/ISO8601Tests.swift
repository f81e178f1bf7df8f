import Clocks
import Foundation
import Testing

/// The one ISO-8601 codec, on the wire's rules: what it writes, what it reads, what it refuses.
@Suite("ISO-8601")
struct ISO8601Tests {
    @Test(
        "formats known instants and reads them back",
        arguments: [
            (Int64(0), "1970-01-01T00:00:00.000Z"),
            (1_709_294_400_000, "2024-03-01T12:00:00.000Z"),
            (951_782_400_000, "2000-02-29T00:00:00.000Z"),
            (4_107_542_399_999, "2100-02-28T23:59:59.999Z"),
            (1_709_251_199_001, "2024-02-29T23:59:59.001Z"),
            (253_402_300_799_999, "9999-12-31T23:59:59.999Z"),
            (1_709_251_199_999, "2024-02-29T23:59:59.999Z"),
            (1_704_067_199_000, "2023-12-31T23:59:59.000Z"),
            (-1, "1969-12-31T23:59:59.999Z")
        ])
    func formats(milliseconds: Int64, text: String) {
        #expect(ISO8601.string(fromMilliseconds: milliseconds) == text)
        #expect(ISO8601.parse(text)?.millisecondsSince1970 == milliseconds)
        #expect(ISO8601.milliseconds(from: text) == milliseconds)
    }

    @Test("agrees with Foundation on instants across four centuries")
    func agreesWithFoundation() {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        // One instant per ~10 days from 1970 to 2370, at shifting times of day, crosses leap days and century rules.
        for step in stride(from: Int64(0), to: 12_622_780_800_000, by: 864_000_123) {
            let text = ISO8601.string(fromMilliseconds: step)
            #expect(text == formatter.string(from: Date(timeIntervalSince1970: Double(step) / 1000)))
            #expect(ISO8601.parse(text)?.millisecondsSince1970 == step)
        }
    }

    @Test("every year from 1 to 9999 reads back what it wrote, on its first and last millisecond")
    func everyFourDigitYear() {
        for year in 1...9999 {
            let digits = String(year)
            let padded = String(repeating: "0", count: 4 - digits.count) + digits
            let first = "\(padded)-01-01T00:00:00.000Z"
            let last = "\(padded)-12-31T23:59:59.999Z"
            guard let start = ISO8601.milliseconds(from: first), let end = ISO8601.milliseconds(from: last) else {
                Issue.record("\(year) did not read")
                continue
            }
            #expect(ISO8601.string(fromMilliseconds: start) == first)
            #expect(ISO8601.string(fromMilliseconds: end) == last)
            if year < 9999 {
                #expect(ISO8601.milliseconds(from: ISO8601.string(fromMilliseconds: end + 1)) == end + 1, "into the next year")
            }
        }
    }

    @Test(
        "reads the forms playlists and JSON use: fractions, offsets, separators",
        arguments: [
            ("2024-03-01T12:00:00Z", Int64(1_709_294_400_000)),
            ("2024-03-01T12:00:00.5Z", 1_709_294_400_500),
            ("2024-03-01T12:00:00,5Z", 1_709_294_400_500),
            ("2024-03-01T12:00:00.123456Z", 1_709_294_400_123),
            ("2024-03-01T13:30:00.000+01:30", 1_709_294_400_000),
            ("2024-03-01T07:00:00.000-05:00", 1_709_294_400_000),
            ("2024-03-01T14:00:00+0200", 1_709_294_400_000),
            ("2024-03-01T14:00:00+02", 1_709_294_400_000),
            ("2024-03-01t12:00:00z", 1_709_294_400_000),
            ("2024-03-01T00:30:00.000+01:00", 1_709_249_400_000),
            ("2000-02-29T12:00:00Z", 951_825_600_000),
            ("2024-01-01T00:00:00.000-05:00", 1_704_085_200_000),
            ("2024-01-01T05:30:00+05:30", 1_704_067_200_000),
            ("2024-01-01T05:30:00+0530", 1_704_067_200_000),
            ("1969-12-31T23:59:59.999Z", -1)
        ])
    func reads(text: String, milliseconds: Int64) {
        #expect(ISO8601.parse(text)?.millisecondsSince1970 == milliseconds)
        #expect(ISO8601.parse(Array(text.utf8))?.millisecondsSince1970 == milliseconds)
        #expect(ISO8601.milliseconds(from: text) == milliseconds)
        #expect(ISO8601.parse(text)?.hasZone == true)
    }

    @Test("a leap second reads as the instant after the minute's last second, with offsets and fractions")
    func leapSecond() {
        #expect(ISO8601.milliseconds(from: "2016-12-31T23:59:60Z") == ISO8601.milliseconds(from: "2017-01-01T00:00:00Z"))
        #expect(ISO8601.milliseconds(from: "2016-12-31T23:59:60.500Z") == 1_483_228_800_500)
        #expect(ISO8601.milliseconds(from: "2017-01-01T00:59:60+01:00") == 1_483_228_800_000)
        #expect(ISO8601.milliseconds(from: "2016-12-31T23:59:61Z") == nil)
    }

    @Test("a text without a zone reads as UTC and says so; the JSON reading refuses it")
    func missingZone() {
        let reading = ISO8601.parse("2024-03-01 12:00:00.000")
        #expect(reading?.millisecondsSince1970 == 1_709_294_400_000)
        #expect(reading?.hasFraction == true && reading?.hasZone == false)
        #expect(ISO8601.milliseconds(from: "2024-01-01T00:00:00") == nil)
        #expect(ISO8601.date(from: "2024-01-01T00:00:00") == nil)
        #expect(ISO8601.parse("2024-03-01T12:00:00Z")?.hasFraction == false)
    }

    @Test(
        "rejects malformed dates",
        arguments: [
            "", "garbage", "2024-03-01", "2024-03-01T12:00", "2023-02-29T00:00:00Z", "2100-02-29T00:00:00Z",
            "1900-02-29T00:00:00Z", "2024-13-01T00:00:00Z", "2024-04-31T00:00:00Z", "2024-03-01T24:00:00Z",
            "2024-03-01T12:60:00Z", "2024-03-01T12:00:00.Z", "2024-03-01T12:00:00Zjunk", "2024-03-01T12:00:00+1",
            "2024-3-01T12:00:00Z", "2024-03-01T12:00:00+01:60", "2024-03-01T12:00:00+24:00"
        ])
    func rejects(text: String) {
        #expect(ISO8601.parse(text) == nil)
        #expect(ISO8601.milliseconds(from: text) == nil)
        #expect(ISO8601.date(from: text) == nil)
    }

    @Test("accepts leap days only in leap years")
    func leapDays() {
        #expect(ISO8601.parse("2000-02-29T00:00:00Z") != nil)
        #expect(ISO8601.parse("2024-02-29T00:00:00Z") != nil)
        #expect(ISO8601.parse("1900-02-29T00:00:00Z") == nil)
    }

    @Test("appends to a byte buffer")
    func appends() {
        var bytes = Array("PDT:".utf8)
        ISO8601.append(1_709_294_400_250, to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "PDT:2024-03-01T12:00:00.250Z")
    }

    @Test func formattingADateTruncatesToWholeMilliseconds() {
        #expect(ISO8601.string(from: Date(timeIntervalSince1970: 1.2349)) == "1970-01-01T00:00:01.234Z")
    }

    @Test func aWallTimeFormatsAndReadsAsItsMilliseconds() {
        let instant = WallTime(millisecondsSince1970: 1_709_294_400_250)
        #expect(ISO8601.string(from: instant) == "2024-03-01T12:00:00.250Z")
        #expect(ISO8601.wallTime(from: "2024-03-01T13:00:00.250+01:00") == instant)
        #expect(ISO8601.wallTime(from: "2024-03-01T12:00:00.250") == nil, "no zone: the JSON reading refuses it")
    }

    /// Any Int64 formats (a negative year once trapped the formatter): years outside 0000–9999 in
    /// ISO 8601's expanded form, and four-digit years read back to the same instant.
    @Test(arguments: [
        (Int64(253_402_300_800_000), "+10000-01-01T00:00:00.000Z"), (-62_167_219_200_001, "-0001-12-31T23:59:59.999Z"),
        (-62_167_219_200_000, "0000-01-01T00:00:00.000Z"), (.max, "+292278994-08-17T07:12:55.807Z"),
        (.min, "-292275055-05-16T16:47:04.192Z")
    ])
    func formatsEveryInstant(milliseconds: Int64, text: String) {
        #expect(ISO8601.string(fromMilliseconds: milliseconds) == text)
        if text.count == 24 { #expect(ISO8601.milliseconds(from: text) == milliseconds) }
    }
}
