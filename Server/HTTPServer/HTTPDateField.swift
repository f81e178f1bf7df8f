import Foundation

/// The `Date` header field (RFC 9110 §6.6.1, IMF-fixdate) every response carries, formatted once
/// per second rather than once per response.
final class HTTPDateField: Sendable {
    private let cached = Locked<(second: Int, field: [UInt8])>((-1, []))
    private let now: @Sendable () -> Date

    /// A field reading the wall clock (or `now`, for tests).
    init(now: @escaping @Sendable () -> Date = { Date() }) { self.now = now }

    /// `Date: Sun, 06 Nov 1994 08:49:37 GMT\r\n` for the current second.
    func current() -> [UInt8] {
        let second = Int(now().timeIntervalSince1970.rounded(.down))
        return cached.withLock { cache in
            if cache.second != second { cache = (second, Array("Date: \(Self.format(second))\r\n".utf8)) }
            return cache.field
        }
    }

    /// IMF-fixdate for seconds since 1970, e.g. `Sun, 06 Nov 1994 08:49:37 GMT`.
    static func format(_ secondsSince1970: Int) -> String {
        let days = secondsSince1970.floorDivided(by: 86_400)
        let secondOfDay = secondsSince1970 - days * 86_400
        let weekday = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"][days.floorModulo(7)]
        // Civil date from a day count (proleptic Gregorian), eras of 400 years.
        let shifted = days + 719_468
        let era = shifted.floorDivided(by: 146_097)
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        let monthName = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"][month - 1]
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(weekday), \(two(day)) \(monthName) \(year) \(two(secondOfDay / 3600)):\(two(secondOfDay / 60 % 60)):\(two(secondOfDay % 60)) GMT"
    }
}

private extension Int {
    func floorDivided(by divisor: Int) -> Int { (self - floorModulo(divisor)) / divisor }
    func floorModulo(_ divisor: Int) -> Int { ((self % divisor) + divisor) % divisor }
}
