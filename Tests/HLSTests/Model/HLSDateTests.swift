import Foundation
import HLS
import Testing

@Suite("HLSDate")
struct HLSDateTests {
    @Test("converts to and from Foundation dates")
    func hlsDate() {
        let date = HLSDate(iso8601: "2024-03-01T12:00:00.250Z")
        #expect(date?.millisecondsSince1970 == 1_709_294_400_250)
        #expect(date.map { HLSDate($0.date) } == date)
        #expect(date?.description == "2024-03-01T12:00:00.250Z")
    }
}
