import Clocks
import HLS

/// Adaptive variant choice as a value: throughput samples from segment downloads in, the
/// variant to play out.
///
/// - Down: at once, as soon as the estimate no longer sustains the playing variant; and within
///   the next segment when one segment took longer than ``slowSegmentShare`` of its duration
///   (the buffer is draining), then judged by that segment's throughput alone.
/// - Up: only with headroom (the estimate covers the higher variant by ``upFactor``) and only
///   once ``hold`` has passed since the last switch, so a burst does not cause flapping.
/// - Never above the cap (the app's `maxBitrate` and the contract's), nor to a variant that
///   failed recently (``penalize(_:until:)``) while another is allowed.
package struct BitrateSelector: Sendable {
    /// The variants playable here, lowest bandwidth first.
    package let variants: [VariantStream]
    /// The highest bandwidth allowed (app's `maxBitrate` and the contract's, whichever is lower).
    package var capBitsPerSecond: Int?
    /// Fast and slow moving averages, bits/s; the lower one wins, so a drop is felt at once
    /// and a burst takes a while to trust (the approach of shaka-player's EWMA pair).
    private var fast: Double?
    private var slow: Double?
    /// The throughput of the last segment, when it took longer than its share of its duration.
    private var slowSegmentThroughput: Double?
    /// When the variant last changed by a decision, on the engine's clock.
    package private(set) var lastSwitch: WallTime?
    /// Variants that failed, and until when they are avoided (on the engine's clock).
    private(set) var penalties: [Int: WallTime] = [:]

    /// Share of the estimate the playing variant may use and still be kept.
    package static let sustainFactor = 0.9
    /// Share of the estimate a higher variant may use to be switched up to.
    package static let upFactor = 0.7
    /// A segment whose download takes longer than this share of its duration switches down.
    package static let slowSegmentShare = 0.8
    /// How long after a switch an up-switch waits.
    package static let hold: Duration = .seconds(10)

    package init(variants: [VariantStream], capBitsPerSecond: Int?) {
        self.variants = variants
        self.capBitsPerSecond = capBitsPerSecond
    }

    /// The current estimate, bits/s; nil before the first sample.
    package var estimate: Double? {
        guard let fast, let slow else { return nil }
        return min(fast, slow)
    }

    /// Records a segment of `bytes` playing `duration` that took `elapsed` to download, both
    /// counted in whole milliseconds. Zero elapsed time (an unmodelled network under virtual
    /// time) counts as very fast.
    package mutating func record(bytes: Int, elapsed: Duration, duration: Duration) {
        let elapsedMilliseconds = Double(elapsed.wholeMilliseconds)
        let sample = Double(bytes) * 8 * 1000 / max(elapsedMilliseconds, 1)
        fast = Self.blend(fast, sample, weight: 0.6)
        slow = Self.blend(slow, sample, weight: 0.1)
        slowSegmentThroughput = elapsedMilliseconds > Double(duration.wholeMilliseconds) * Self.slowSegmentShare ? sample : nil
    }

    /// Avoids `variant` until `end` (it failed); it may be chosen again afterwards.
    package mutating func penalize(_ variant: Int, until end: WallTime) { penalties[variant] = end }

    /// The variant to play next, given the one playing (nil: none yet) at `now`, and
    /// remembers a switch for the hold time.
    package mutating func decide(current: Int?, at now: WallTime) -> Int {
        let choice = choice(current: current, at: now)
        if let current, choice != current { lastSwitch = now }
        slowSegmentThroughput = nil
        return choice
    }

    /// What ``decide(current:at:)`` would choose, without remembering anything (at 1970 when
    /// no time is given: before any penalty).
    package func choice(current: Int? = nil, at now: WallTime = .epoch) -> Int {
        let allowed = allowedVariants(at: now)
        guard let lowest = allowed.first else { return 0 }
        guard let estimate else { return current.map { nearest(to: $0, in: allowed) } ?? lowest }
        if let throughput = slowSegmentThroughput {
            let fitting = highest(in: allowed, within: throughput * Self.sustainFactor) ?? lowest
            guard let current else { return fitting }
            return min(fitting, allowed.last { $0 < current } ?? lowest)
        }
        let sustainable = highest(in: allowed, within: estimate * Self.sustainFactor) ?? lowest
        guard let current else { return sustainable }
        let playing = nearest(to: current, in: allowed)
        if sustainable < playing { return sustainable }
        let holdOver = lastSwitch.map { now - $0 >= Self.hold } ?? true
        let up = highest(in: allowed, within: estimate * Self.upFactor) ?? lowest
        return holdOver && up > playing ? up : playing
    }

    /// Variants under the cap and not penalized; under the cap alone when every one is
    /// penalized; the lowest of all when even that is over the cap.
    private func allowedVariants(at now: WallTime) -> [Int] {
        let capped = variants.indices.filter { index in capBitsPerSecond.map { variants[index].bandwidth <= $0 } ?? true }
        let base = capped.isEmpty ? [0] : capped
        let healthy = base.filter { penalties[$0].map { $0 <= now } ?? true }
        return healthy.isEmpty ? base : healthy
    }

    private func highest(in allowed: [Int], within bitsPerSecond: Double) -> Int? {
        allowed.last { Double(variants[$0].bandwidth) <= bitsPerSecond }
    }

    /// `variant` when allowed, else the nearest allowed one: the highest below it, or the lowest above.
    private func nearest(to variant: Int, in allowed: [Int]) -> Int {
        if allowed.contains(variant) { return variant }
        return allowed.last { $0 < variant } ?? allowed.first { $0 > variant } ?? variant
    }

    private static func blend(_ old: Double?, _ sample: Double, weight: Double) -> Double {
        guard let old else { return sample }
        return old * (1 - weight) + sample * weight
    }
}
