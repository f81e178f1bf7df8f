import ExposureModels
import Foundation

/// What an EventSink batch may hold, checked before the platform computes with or keeps it: the
/// numbers (event times are corrected by `ClockOffset`, sessions are walked in `SequenceNumber`
/// order and their silences measured; any Int64 decodes, so a batch could otherwise trap the
/// process) and the size of each event (kept for tests, so memory is spent on each).
extension AnalyticsBatch {
    /// `SequenceNumber`s a player counts to: 0 up to 2⁵³ − 1, the integers a JavaScript player
    /// holds exactly.
    static let sequenceNumbers: ClosedRange<Int64> = 0...9_007_199_254_740_991

    /// `ClockOffset`s: a client clock at most the platform's whole time span off the server's.
    static let clockOffsets: ClosedRange<Int64> = -platformInstantsMs.upperBound...platformInstantsMs.upperBound

    /// Throws 400 INVALID_JSON naming the first number out of range: `ClockOffset` within
    /// `clockOffsets`; each event's `Timestamp` and `OffsetTime` within `platformInstantsMs`
    /// (ms since 1970, or a position in ms), its `SequenceNumber` within `sequenceNumbers`.
    func checkRanges() throws(ExposureErrorMessage) {
        if let clockOffset, !Self.clockOffsets.contains(clockOffset) {
            throw .invalidJSON(
                "ClockOffset must be from \(Self.clockOffsets.lowerBound) to \(Self.clockOffsets.upperBound) ms, not \(clockOffset).")
        }
        for (index, event) in payload.enumerated() {
            let fields: [(name: String, value: Int64?, range: ClosedRange<Int64>)] = [
                ("Timestamp", event.timestamp, platformInstantsMs), ("OffsetTime", event.offsetTime, platformInstantsMs),
                ("SequenceNumber", event.sequenceNumber, Self.sequenceNumbers)
            ]
            for field in fields {
                guard let value = field.value, !field.range.contains(value) else { continue }
                throw .invalidJSON(
                    "Payload[\(index)].\(field.name) must be from \(field.range.lowerBound) to \(field.range.upperBound), not \(value).")
            }
        }
    }

    /// Throws 413 naming the first event whose JSON is over `ClientActivity.maxEventBytes`. A
    /// batch body no larger than that cannot hold one, so events are measured only in larger ones.
    func checkEventSizes(bodyBytes: Int) throws(ExposureErrorMessage) {
        guard bodyBytes > ClientActivity.maxEventBytes else { return }
        let encoder = JSONEncoder()
        for (index, event) in payload.enumerated() {
            let bytes = (try? encoder.encode(event).count) ?? bodyBytes
            guard bytes > ClientActivity.maxEventBytes else { continue }
            throw ExposureErrorMessage(
                httpCode: 413, message: "EVENT_TOO_LARGE",
                extendedMessage: "Payload[\(index)] is \(bytes) bytes of JSON; an event may be at most \(ClientActivity.maxEventBytes).")
        }
    }
}
