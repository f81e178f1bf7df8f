import Foundation

/// The date helpers the seed's samples use (`current.subtract(days: 1)`, `program.startDate?.millisecondsSince1970`).
extension Date {
    /// Milliseconds since 1970, as Exposure's times are written. Rounded to the nearest: a date
    /// made from milliseconds (`ms / 1000` is rarely exact in binary) gives them back unchanged.
    public var millisecondsSince1970: Int64 {
        Int64((timeIntervalSince1970 * 1000).rounded())
    }

    /// This instant `days` × 24 h earlier (UTC days: no calendar, no daylight-saving jumps).
    public func subtract(days: Int) -> Date {
        addingTimeInterval(-Double(days) * 86_400)
    }

    /// This instant `days` × 24 h later. Optional, as the official SDK's helper is, so the
    /// seed's `current.add(days: 1) ?? current` reads as written; it is never nil.
    public func add(days: Int) -> Date? {
        addingTimeInterval(Double(days) * 86_400)
    }
}

extension Program {
    /// The start as a date (the official SDK's name for ``startTime``).
    public var startDate: Date? { startTime }
    /// The end as a date (the official SDK's name for ``endTime``).
    public var endDate: Date? { endTime }
}
