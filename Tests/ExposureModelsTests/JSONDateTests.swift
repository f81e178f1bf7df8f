import ExposureModels
import Foundation
import Testing

/// Exposure's JSON dates go through the one ISO-8601 codec.
@Suite struct JSONDateTests {
    @Test func datesDecodeWithAndWithoutMillisecondsAndWithOffsets() throws {
        let json = #"["2025-11-29T10:00:00Z", "2025-11-29T10:00:00.000Z", "2025-11-29T11:00:00+01:00"]"#
        let dates = try decode([Date].self, json)
        #expect(Set(dates).count == 1)
        #expect(dates[0] == Date(timeIntervalSince1970: 1_764_410_400))
    }
}
