import ExposureModels
import Testing

@testable import MockPlatform

/// The numbers of an EventSink batch are range-checked before the platform computes with them
/// (`Timestamp − ClockOffset` and `SequenceNumber + 1` once overflowed).
@Suite struct AnalyticsBatchLimitsTests {
    private func batch(clockOffset: Int64? = 0, timestamp: Int64 = 1_800_000_000_000, offset: Int64? = 0, number: Int64? = 1)
        -> AnalyticsBatch
    {
        AnalyticsBatch(
            customer: "Sandbox", businessUnit: "Dev", sessionId: "s", dispatchTime: 1, clockOffset: clockOffset,
            payload: [
                AnalyticsEvent(eventType: "Playback.Created", timestamp: 1_800_000_000_000, sequenceNumber: 1),
                AnalyticsEvent(eventType: "Playback.Started", timestamp: timestamp, offsetTime: offset, sequenceNumber: number)
            ])
    }

    @Test func numbersAtTheEndsOfTheirRangesPass() throws {
        try batch(clockOffset: nil, timestamp: 0, offset: nil, number: nil).checkRanges()
        try batch(clockOffset: -253_402_300_799_999, timestamp: 253_402_300_799_999, offset: 253_402_300_799_999, number: 0).checkRanges()
        try batch(clockOffset: 253_402_300_799_999, number: 9_007_199_254_740_991).checkRanges()
    }

    @Test(arguments: [
        (Int64?.some(.min), Int64(1_800_000_000_000), Int64?.some(0), Int64?.some(1), "ClockOffset"),
        (253_402_300_800_000, 1_800_000_000_000, 0, 1, "ClockOffset"),
        (0, .min, 0, 1, "Payload[1].Timestamp"), (0, -1, 0, 1, "Payload[1].Timestamp"),
        (0, 253_402_300_800_000, 0, 1, "Payload[1].Timestamp"), (0, 1_800_000_000_000, -1, 1, "Payload[1].OffsetTime"),
        (0, 1_800_000_000_000, .max, 1, "Payload[1].OffsetTime"), (0, 1_800_000_000_000, 0, .max, "Payload[1].SequenceNumber"),
        (0, 1_800_000_000_000, 0, -1, "Payload[1].SequenceNumber")
    ])
    func aNumberOutOfRangeIs400NamingIt(clockOffset: Int64?, timestamp: Int64, offset: Int64?, number: Int64?, field: String) {
        #expect {
            try batch(clockOffset: clockOffset, timestamp: timestamp, offset: offset, number: number).checkRanges()
        } throws: { error in
            guard let message = error as? ExposureErrorMessage else { return false }
            return message.httpCode == 400 && message.extendedMessage?.hasPrefix(field + " must be from") == true
        }
    }
}
