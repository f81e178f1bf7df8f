import HLS
import Testing

/// `ISO8601Millis`, the playlists' date codec as named before Clocks' `ISO8601`, still compiles
/// where only HLS is imported, and reads and writes what the one codec does.
@Suite struct ISO8601MillisSpellingTests {
    @available(*, deprecated, message: "calls the deprecated ISO8601Millis spelling on purpose")
    @Test func theOldNameReadsAndWritesTheSameText() {
        #expect(ISO8601Millis.format(1_764_410_400_500) == "2025-11-29T10:00:00.500Z")
        var bytes = Array("at ".utf8)
        ISO8601Millis.append(1_764_410_400_500, to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "at 2025-11-29T10:00:00.500Z")
        #expect(ISO8601Millis.parse("2025-11-29T11:00:00.5+01:00") == 1_764_410_400_500)
        #expect(ISO8601Millis.parse(Array("2025-11-29T10:00:00Z".utf8)) == 1_764_410_400_000)
        #expect(ISO8601Millis.parse("2025-11-29") == nil, "not a date-time")
    }
}
