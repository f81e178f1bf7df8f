import Foundation

/// An instant of wall time, to the millisecond: what the wire, `EXT-X-PROGRAM-DATE-TIME`, the
/// EPG and license expiry speak in.
///
/// The one place where wall time meets `Date` and the wire's milliseconds since 1970, with one
/// rounding rule: towards the past (``Swift/Duration/wholeMilliseconds``). Arithmetic saturates
/// at the ends of the range instead of trapping, so no reading from outside can crash a clock.
public struct WallTime: InstantProtocol, Hashable, Sendable {
    /// Milliseconds since 1970-01-01T00:00:00Z, as the wire writes instants.
    public var millisecondsSince1970: Int64

    /// The instant `millisecondsSince1970` ms after 1970-01-01T00:00:00Z.
    public init(millisecondsSince1970: Int64) {
        self.millisecondsSince1970 = millisecondsSince1970
    }

    /// The instant `secondsSince1970` whole seconds after 1970-01-01T00:00:00Z, as the wire's
    /// second fields (`playTokenExpiration`, `streamInfo.start`) and X.509 validity times give
    /// it; saturating at the ends of the range.
    public init(secondsSince1970: Int64) {
        let (milliseconds, overflow) = secondsSince1970.multipliedReportingOverflow(by: 1000)
        self.millisecondsSince1970 = overflow ? (secondsSince1970 < 0 ? .min : .max) : milliseconds
    }

    /// Whole seconds since 1970-01-01T00:00:00Z, rounded down (towards the past), for the
    /// wire's second fields: the one conversion from an instant to them.
    public var secondsSince1970: Int64 {
        let (quotient, remainder) = millisecondsSince1970.quotientAndRemainder(dividingBy: 1000)
        return remainder < 0 ? quotient - 1 : quotient
    }

    /// The instant of `date`, rounded down to the millisecond.
    ///
    /// A `Date` is a `Double` of seconds, and one made from whole milliseconds (``date``
    /// included) is seldom exactly on them: a few units in the last place either side. Rounded
    /// down straight away, about one in 23 such instants (1970 to 2100) came back a millisecond early. So the
    /// seconds are first rounded to the nearest 10 µs, which removes that error (under 2 µs
    /// for any date between 1900 and 2200), and only then down to the millisecond.
    public init(_ date: Date) {
        let tensOfMicroseconds = (date.timeIntervalSince1970 * 100_000).rounded()
        guard let exact = Int64(exactly: tensOfMicroseconds) else {
            millisecondsSince1970 = tensOfMicroseconds < 0 ? .min : .max
            return
        }
        let (quotient, remainder) = exact.quotientAndRemainder(dividingBy: 100)
        millisecondsSince1970 = remainder < 0 ? quotient - 1 : quotient
    }

    /// 1970-01-01T00:00:00Z, where the wire's milliseconds count from.
    public static let epoch = WallTime(millisecondsSince1970: 0)

    /// The system's wall time now.
    public static var systemNow: WallTime { WallTime(Date()) }

    /// The same instant as a `Date`.
    public var date: Date { Date(timeIntervalSince1970: Double(millisecondsSince1970) / 1000) }

    /// The instant `duration` later (earlier when negative), rounded down to the millisecond.
    public func advanced(by duration: Duration) -> WallTime {
        let (sum, overflow) = millisecondsSince1970.addingReportingOverflow(duration.wholeMilliseconds)
        guard !overflow else { return WallTime(millisecondsSince1970: duration < .zero ? .min : .max) }
        return WallTime(millisecondsSince1970: sum)
    }

    /// The time from this instant to `other` (negative when `other` is earlier).
    public func duration(to other: WallTime) -> Duration {
        let (difference, overflow) = other.millisecondsSince1970.subtractingReportingOverflow(millisecondsSince1970)
        guard !overflow else { return other < self ? .milliseconds(Int64.min) : .milliseconds(Int64.max) }
        return .milliseconds(difference)
    }

    /// Whether `lhs` comes before `rhs`.
    public static func < (lhs: WallTime, rhs: WallTime) -> Bool {
        lhs.millisecondsSince1970 < rhs.millisecondsSince1970
    }
}

extension Duration {
    /// The duration in whole milliseconds, rounded down (towards the past), saturating at
    /// `Int64`'s ends: the one rounding rule between `Duration` and the wire's milliseconds.
    public var wholeMilliseconds: Int64 {
        let (seconds, attoseconds) = components
        let (secondsInMilliseconds, overflow) = seconds.multipliedReportingOverflow(by: 1000)
        guard !overflow else { return seconds < 0 ? .min : .max }
        // attoseconds carry the sign of seconds (or of the whole, when seconds is 0).
        let fraction = attoseconds / 1_000_000_000_000_000
        let roundedFraction = attoseconds < 0 && attoseconds % 1_000_000_000_000_000 != 0 ? fraction - 1 : fraction
        let (total, sumOverflow) = secondsInMilliseconds.addingReportingOverflow(roundedFraction)
        guard !sumOverflow else { return seconds < 0 ? .min : .max }
        return total
    }

    /// The duration in milliseconds with their fraction, for the readings that show one (the
    /// journal's and the log's `durationMs`); ``nearestNanosecond(milliseconds:)`` reads it back.
    public var fractionalMilliseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1000 + Double(attoseconds) / 1e15
    }

    /// The duration `milliseconds` (with their fraction) stand for, to the nearest nanosecond: the
    /// reading back of ``fractionalMilliseconds``, exact for a duration of whole nanoseconds (what
    /// clocks measure) up to about three months. `Duration.milliseconds(_:)` of the `Double` keeps
    /// the binary fraction's attoseconds instead, so it is not equal to the duration written.
    /// Beyond `Int64` nanoseconds, and for non-finite values, it is `Duration.milliseconds(_:)`'s.
    public static func nearestNanosecond(milliseconds: Double) -> Duration {
        let nanoseconds = (milliseconds * 1_000_000).rounded()
        guard nanoseconds.magnitude < 0x1p63 else { return .milliseconds(milliseconds) }
        return .nanoseconds(Int64(nanoseconds))
    }
}

extension WallTime {
    /// The instant `duration` after `instant` (``advanced(by:)``).
    public static func + (instant: WallTime, duration: Duration) -> WallTime { instant.advanced(by: duration) }

    /// The instant `duration` before `instant`.
    public static func - (instant: WallTime, duration: Duration) -> WallTime { instant.advanced(by: .zero - duration) }

    /// The time from `earlier` to `later` (negative when `later` is the earlier one).
    public static func - (later: WallTime, earlier: WallTime) -> Duration { earlier.duration(to: later) }
}
