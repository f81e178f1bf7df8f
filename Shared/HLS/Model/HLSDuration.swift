/// A span of time as whole microseconds, exact for every decimal an `EXTINF` or a
/// DATERANGE `DURATION` carries in practice (they are written with at most six decimals).
///
/// A `Double` would make `6.006 + 6.006 + …` drift and round-trips lossy; integers keep
/// sums of thousands of segments exact.
public struct HLSDuration: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The span in microseconds.
    public var microseconds: Int64

    /// Creates a span from microseconds.
    public init(microseconds: Int64) {
        self.microseconds = microseconds
    }

    /// Creates a span from milliseconds.
    public init(milliseconds: Int64) {
        microseconds = milliseconds * 1000
    }

    /// Creates a span from seconds, rounded to the nearest microsecond; values beyond
    /// ±9.2 × 10¹² s (and NaN) are clamped rather than trapping.
    public init(seconds: Double) {
        let micros = (seconds * 1_000_000).rounded()
        if micros.isNaN {
            microseconds = 0
        } else if micros >= 9.2e18 {
            microseconds = .max
        } else if micros <= -9.2e18 {
            microseconds = .min
        } else {
            microseconds = Int64(micros)
        }
    }

    /// A span of whole seconds.
    public static func seconds(_ seconds: Int64) -> HLSDuration {
        HLSDuration(microseconds: seconds * 1_000_000)
    }

    /// A span of whole milliseconds.
    public static func milliseconds(_ milliseconds: Int64) -> HLSDuration {
        HLSDuration(milliseconds: milliseconds)
    }

    /// A span of whole microseconds.
    public static func microseconds(_ microseconds: Int64) -> HLSDuration {
        HLSDuration(microseconds: microseconds)
    }

    /// No time at all.
    public static let zero = HLSDuration(microseconds: 0)

    /// The span in seconds, for display and arithmetic that tolerates rounding.
    public var seconds: Double { Double(microseconds) / 1_000_000 }

    /// The span in milliseconds, truncated toward zero.
    public var milliseconds: Int64 { microseconds / 1000 }

    /// The span rounded to whole seconds, half away from zero, as RFC 8216 compares
    /// `EXTINF` against `EXT-X-TARGETDURATION`.
    public var roundedSeconds: Int64 {
        let half: Int64 = microseconds >= 0 ? 500_000 : -500_000
        return (microseconds + half) / 1_000_000
    }

    /// The span as a Swift `Duration`.
    public var duration: Duration { .microseconds(microseconds) }

    /// The decimal text playlists carry, e.g. `6.000` or `2.002667`.
    public var description: String {
        var writer = ByteWriter(capacity: 16)
        writer.append(self)
        return writer.string
    }

    /// Adds two spans.
    public static func + (lhs: HLSDuration, rhs: HLSDuration) -> HLSDuration {
        HLSDuration(microseconds: lhs.microseconds + rhs.microseconds)
    }

    /// Subtracts a span.
    public static func - (lhs: HLSDuration, rhs: HLSDuration) -> HLSDuration {
        HLSDuration(microseconds: lhs.microseconds - rhs.microseconds)
    }

    /// Adds a span in place.
    public static func += (lhs: inout HLSDuration, rhs: HLSDuration) {
        lhs.microseconds += rhs.microseconds
    }

    /// Orders spans by length.
    public static func < (lhs: HLSDuration, rhs: HLSDuration) -> Bool {
        lhs.microseconds < rhs.microseconds
    }
}
