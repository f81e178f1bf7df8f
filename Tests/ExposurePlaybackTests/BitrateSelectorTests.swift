import Clocks
import ExposurePlayback
import HLS
import Testing

/// ABR as a value: throughput samples and the clock in, the variant to play out.
@Suite struct BitrateSelectorTests {
    static let ladder: [VariantStream] = [
        .init(uri: "low", bandwidth: 200_000), .init(uri: "mid", bandwidth: 500_000), .init(uri: "high", bandwidth: 800_000)
    ]

    /// A 2-s segment downloaded at `kbps` in `elapsed`.
    static func sample(_ selector: inout BitrateSelector, kbps: Int, elapsed: Duration = .milliseconds(500)) {
        selector.record(bytes: kbps * 1000 / 8 * Int(elapsed.wholeMilliseconds) / 1000, elapsed: elapsed, duration: .seconds(2))
    }

    /// The engine clock's reading `milliseconds` after 1970.
    static func instant(_ milliseconds: Int64) -> WallTime { WallTime(millisecondsSince1970: milliseconds) }

    @Test func theLowestVariantBeforeAnySampleAndNeverAboveTheCap() {
        var selector = BitrateSelector(variants: Self.ladder, capBitsPerSecond: 500_000)
        #expect(selector.decide(current: nil, at: Self.instant(0)) == 0)
        Self.sample(&selector, kbps: 50_000)
        #expect(selector.decide(current: 0, at: Self.instant(0)) == 1, "the cap, however fast the network")
        selector.capBitsPerSecond = 100_000
        #expect(selector.choice(current: 1, at: Self.instant(0)) == 0, "under a cap below every variant: the lowest")
    }

    @Test func aSegmentSlowerThanItsShareOfItsDurationSwitchesDownAtOnce() {
        var selector = BitrateSelector(variants: Self.ladder, capBitsPerSecond: nil)
        Self.sample(&selector, kbps: 2_000)
        #expect(selector.decide(current: nil, at: Self.instant(0)) == 2)
        // 1.8 s for a 2-s segment at 300 kbit/s: the buffer drains; the averages still say ~1 Mbit/s.
        Self.sample(&selector, kbps: 300, elapsed: .milliseconds(1_800))
        #expect((selector.estimate ?? 0) > 800_000 / BitrateSelector.sustainFactor)
        #expect(selector.decide(current: 2, at: Self.instant(1_000)) == 0, "judged by that segment alone, within the next segment")
        #expect(selector.lastSwitch == Self.instant(1_000))
    }

    @Test func upOnlyWithHeadroomAndAfterTheHoldTime() {
        var selector = BitrateSelector(variants: Self.ladder, capBitsPerSecond: nil)
        Self.sample(&selector, kbps: 2_000)
        _ = selector.decide(current: nil, at: Self.instant(0))
        Self.sample(&selector, kbps: 300, elapsed: .milliseconds(1_800))
        #expect(selector.decide(current: 2, at: Self.instant(0)) == 0)
        Self.sample(&selector, kbps: 2_000)
        #expect(selector.decide(current: 0, at: Self.instant(0) + BitrateSelector.hold - .milliseconds(1)) == 0, "held")
        #expect(selector.decide(current: 0, at: Self.instant(0) + BitrateSelector.hold) == 2, "hold over, headroom for the top")
        // Headroom: an estimate that sustains mid but does not cover it by the up factor keeps low.
        var tight = BitrateSelector(variants: Self.ladder, capBitsPerSecond: nil)
        Self.sample(&tight, kbps: 600)
        #expect(tight.choice(current: 0, at: Self.instant(60_000)) == 0, "600 × 0.7 < 500: no headroom")
        #expect(tight.choice(current: 1, at: Self.instant(60_000)) == 1, "600 × 0.9 ≥ 500: mid is kept")
    }

    @Test func aPenalizedVariantIsAvoidedUntilItsTimeIsUp() {
        var selector = BitrateSelector(variants: Self.ladder, capBitsPerSecond: nil)
        Self.sample(&selector, kbps: 5_000)
        selector.penalize(2, until: Self.instant(30_000))
        #expect(selector.decide(current: 2, at: Self.instant(0)) == 1, "the nearest other")
        #expect(selector.decide(current: 1, at: Self.instant(29_999)) == 1)
        #expect(selector.decide(current: 1, at: Self.instant(30_000)) == 2, "back once it has had time to recover")
        selector.penalize(0, until: Self.instant(.max))
        selector.penalize(1, until: Self.instant(.max))
        selector.penalize(2, until: Self.instant(.max))
        #expect(selector.choice(current: 2, at: Self.instant(40_000)) == 2, "every variant failed: the cap alone decides")
    }
}
