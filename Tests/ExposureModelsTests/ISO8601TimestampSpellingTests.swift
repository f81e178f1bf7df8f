import ExposureModels
import Foundation
import Testing

/// `ISO8601Timestamp`, the JSON timestamps' codec as named before Clocks' `ISO8601`, still compiles
/// where only ExposureModels is imported, and reads and writes what the one codec does.
@Suite struct ISO8601TimestampSpellingTests {
    @available(*, deprecated, message: "calls the deprecated ISO8601Timestamp spelling on purpose")
    @Test func theOldNameReadsAndWritesTheSameText() {
        #expect(ISO8601Timestamp.string(fromMilliseconds: 1_764_410_400_000) == "2025-11-29T10:00:00.000Z")
        #expect(ISO8601Timestamp.milliseconds(from: "2025-11-29T11:00:00+01:00") == 1_764_410_400_000)
        #expect(ISO8601Timestamp.date(from: "2025-11-29T10:00:00Z") == Date(timeIntervalSince1970: 1_764_410_400))
        #expect(ISO8601Timestamp.string(from: Date(timeIntervalSince1970: 1_764_410_400)) == "2025-11-29T10:00:00.000Z")
    }
}
