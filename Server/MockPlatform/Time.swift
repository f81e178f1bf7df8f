import Clocks

/// The instants the platform works in, ms since 1970: 1970-01-01T00:00:00.000Z up to the last
/// millisecond of 9999-12-31. Program ids (`yyyyMMddHHmm`) and ISO-8601 timestamps write them
/// with four-digit years, and no schedule or timeline arithmetic on them can overflow. Instants
/// from requests, the admin API and fixtures are checked against it before any arithmetic.
let platformInstantsMs: ClosedRange<Int64> = 0...253_402_300_799_999

/// 1970-01-01T00:00:00Z, the first of ``platformInstants``: where channel schedules, channel
/// timelines, event occurrences and key periods count from.
let platformEpoch = WallTime(millisecondsSince1970: platformInstantsMs.lowerBound)

/// ``platformInstantsMs`` as instants.
let platformInstants = platformEpoch...WallTime(millisecondsSince1970: platformInstantsMs.upperBound)

/// `value / divisor` rounded towards minus infinity (`divisor > 0`): airing numbers and timeline
/// periods count back from 0 too, and a number before a boundary belongs to the period before it.
func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
    let (quotient, remainder) = value.quotientAndRemainder(dividingBy: divisor)
    return remainder < 0 ? quotient - 1 : quotient
}
