import Foundation

/// The `Date` header field (RFC 9110 §6.6.1, IMF-fixdate) every response carries, formatted at
/// most once per second rather than once per response. Each connection has its own, so reading
/// it takes no lock shared with other connections (a connection used for a single answer pays
/// one formatting, a few microseconds beside its accept and thread).
final class HTTPDateField {
    private var cached: (second: Int, field: [UInt8]) = (-1, [])
    private let now: () -> Date

    /// A field reading the wall clock (or `now`, for tests).
    init(now: @escaping () -> Date = { Date() }) { self.now = now }

    /// `Date: Sun, 06 Nov 1994 08:49:37 GMT\r\n` for the current second.
    func current() -> [UInt8] {
        let second = Int(now().timeIntervalSince1970.rounded(.down))
        if cached.second != second { cached = (second, Array("Date: \(Self.format(second))\r\n".utf8)) }
        return cached.field
    }

    /// IMF-fixdate for seconds since 1970, e.g. `Sun, 06 Nov 1994 08:49:37 GMT`. Runs at most
    /// once a second per connection, so Foundation's calendar is cheap enough here.
    static func format(_ secondsSince1970: Int) -> String {
        let parts = gmtCalendar.dateComponents(
            [.year, .month, .day, .hour, .minute, .second, .weekday], from: Date(timeIntervalSince1970: Double(secondsSince1970)))
        let weekday = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"][parts.weekday! - 1]
        let month = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"][parts.month! - 1]
        func two(_ value: Int?) -> String { value! < 10 ? "0\(value!)" : "\(value!)" }
        return "\(weekday), \(two(parts.day)) \(month) \(parts.year!) \(two(parts.hour)):\(two(parts.minute)):\(two(parts.second)) GMT"
    }

    private static let gmtCalendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "GMT")!
        return calendar
    }()
}
