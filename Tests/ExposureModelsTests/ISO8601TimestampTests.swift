import ExposureModels
import Foundation
import Testing

@Suite("ISO-8601 timestamps")
struct ISO8601TimestampTests {
    @Test(arguments: [
        ("2024-02-29T23:59:59.999Z", Int64(1_709_251_199_999)),
        ("2000-02-29T12:00:00Z", 951_825_600_000),
        ("2023-12-31T23:59:59Z", 1_704_067_199_000),
        ("2024-01-01T00:00:00.500Z", 1_704_067_200_500),
        ("2024-01-01T00:00:00.5Z", 1_704_067_200_500),
        ("2024-01-01T00:00:00.000-05:00", 1_704_085_200_000),
        ("2024-01-01T05:30:00+05:30", 1_704_067_200_000),
        ("2024-01-01T05:30:00+0530", 1_704_067_200_000),
        ("1970-01-01T00:00:00Z", 0),
        ("1969-12-31T23:59:59.999Z", -1)
    ])
    func parses(text: String, milliseconds: Int64) {
        #expect(ISO8601Timestamp.milliseconds(from: text) == milliseconds)
    }

    @Test(arguments: [
        "",
        "garbage",
        "2023-02-29T00:00:00Z",
        "1900-02-29T00:00:00Z",
        "2024-13-01T00:00:00Z",
        "2024-04-31T00:00:00Z",
        "2024-01-01T24:00:00Z",
        "2024-01-01T00:60:00Z",
        "2024-01-01T00:00:00",
        "2024-01-01T00:00:00.Z",
        "2024-01-01T00:00:00Zjunk",
        "2024-1-01T00:00:00Z",
        "2024-01-01"
    ])
    func rejects(text: String) {
        #expect(ISO8601Timestamp.milliseconds(from: text) == nil)
        #expect(ISO8601Timestamp.date(from: text) == nil)
    }

    @Test(arguments: [
        (Int64(1_709_251_199_999), "2024-02-29T23:59:59.999Z"),
        (1_704_067_199_000, "2023-12-31T23:59:59.000Z"),
        (0, "1970-01-01T00:00:00.000Z"),
        (-1, "1969-12-31T23:59:59.999Z")
    ])
    func formats(milliseconds: Int64, text: String) {
        #expect(ISO8601Timestamp.string(fromMilliseconds: milliseconds) == text)
        #expect(ISO8601Timestamp.milliseconds(from: text) == milliseconds)
    }

    @Test func formattingADateTruncatesToWholeMilliseconds() {
        #expect(ISO8601Timestamp.string(from: Date(timeIntervalSince1970: 1.2349)) == "1970-01-01T00:00:01.234Z")
    }

    @Test func datesDecodeWithAndWithoutMillisecondsAndWithOffsets() throws {
        let json = #"["2025-11-29T10:00:00Z", "2025-11-29T10:00:00.000Z", "2025-11-29T11:00:00+01:00"]"#
        let dates = try decode([Date].self, json)
        #expect(Set(dates).count == 1)
        #expect(dates[0] == Date(timeIntervalSince1970: 1_764_410_400))
    }

    /// Any Int64 formats (a negative year once trapped the formatter): years outside 0000–9999 in
    /// ISO 8601's expanded form, and four-digit years read back to the same instant.
    @Test(arguments: [
        (Int64(253_402_300_800_000), "+10000-01-01T00:00:00.000Z"), (-62_167_219_200_001, "-0001-12-31T23:59:59.999Z"),
        (-62_167_219_200_000, "0000-01-01T00:00:00.000Z"), (.max, "+292278994-08-17T07:12:55.807Z"),
        (.min, "-292275055-05-16T16:47:04.192Z")
    ])
    func formatsEveryInstant(milliseconds: Int64, text: String) {
        #expect(ISO8601Timestamp.string(fromMilliseconds: milliseconds) == text)
        if text.count == 24 { #expect(ISO8601Timestamp.milliseconds(from: text) == milliseconds) }
    }
}
