/// Proleptic Gregorian calendar arithmetic on day numbers, so dates convert without
/// Foundation's calendar machinery (slow on Linux, and locale/time-zone aware where we
/// only ever want UTC).
///
/// Works in 400-year eras: the Gregorian cycle repeats exactly every 146,097 days, and
/// counting years from March puts the leap day at the end of the year, which turns the
/// month lengths into a linear formula.
enum CivilCalendar {
    /// Days from 1970-01-01 to the given date.
    static func days(year: Int64, month: Int64, day: Int64) -> Int64 {
        let marchYear = month <= 2 ? year - 1 : year
        let era = (marchYear >= 0 ? marchYear : marchYear - 399) / 400
        let yearOfEra = marchYear - era * 400
        let monthFromMarch = month > 2 ? month - 3 : month + 9
        let dayOfYear = (153 * monthFromMarch + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - daysFromEraZeroTo1970
    }

    /// The date that lies `days` days after 1970-01-01.
    static func date(days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let shifted = days + daysFromEraZeroTo1970
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }

    /// Number of days in a month of a year.
    static func daysInMonth(year: Int64, month: Int64) -> Int64 {
        switch month {
        case 2: return isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Whether February has 29 days in `year`.
    static func isLeapYear(_ year: Int64) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    /// 0000-03-01 (the start of era 0) to 1970-01-01.
    private static let daysFromEraZeroTo1970: Int64 = 719_468
}
