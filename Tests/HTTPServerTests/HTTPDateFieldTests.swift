import Foundation
import Testing
@testable import HTTPServer

/// The Date field: IMF-fixdate, checked against Foundation's formatter on many instants.
@Suite struct HTTPDateFieldTests {
    @Test func knownInstants() {
        #expect(HTTPDateField.format(784_111_777) == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(HTTPDateField.format(0) == "Thu, 01 Jan 1970 00:00:00 GMT")
        #expect(HTTPDateField.format(951_782_400) == "Tue, 29 Feb 2000 00:00:00 GMT")
        #expect(HTTPDateField.format(-1) == "Wed, 31 Dec 1969 23:59:59 GMT")
    }

    @Test func agreesWithFoundation() {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let second = Int.random(in: -2_000_000_000...8_000_000_000, using: &generator)
            #expect(HTTPDateField.format(second) == formatter.string(from: Date(timeIntervalSince1970: Double(second))))
        }
    }

    @Test func fieldFollowsTheClockBySecond() {
        let now = Locked(Date(timeIntervalSince1970: 784_111_777.2))
        let field = HTTPDateField(now: { now.withLock { $0 } })
        #expect(String(decoding: field.current(), as: UTF8.self) == "Date: Sun, 06 Nov 1994 08:49:37 GMT\r\n")
        now.withLock { $0 = Date(timeIntervalSince1970: 784_111_777.9) }
        #expect(String(decoding: field.current(), as: UTF8.self) == "Date: Sun, 06 Nov 1994 08:49:37 GMT\r\n")
        now.withLock { $0 = Date(timeIntervalSince1970: 784_111_778) }
        #expect(String(decoding: field.current(), as: UTF8.self) == "Date: Sun, 06 Nov 1994 08:49:38 GMT\r\n")
    }
}
