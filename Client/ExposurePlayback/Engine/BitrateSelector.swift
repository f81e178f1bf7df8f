import HLS

/// Adaptive variant choice: a throughput estimate from segment downloads, and the highest
/// variant that fits under it and under the bitrate caps.
struct BitrateSelector: Sendable {
    /// The variants playable here, lowest bandwidth first.
    let variants: [VariantStream]
    /// The highest bandwidth allowed (app's `maxBitrate` and the contract's, whichever is lower).
    var capBitsPerSecond: Int?
    /// Fast and slow moving averages, bits/s; the lower one wins, so a drop is felt at once
    /// and a burst takes a while to trust (the approach of shaka-player's EWMA pair).
    private var fast: Double?
    private var slow: Double?

    /// Only this share of the estimate is spent, to leave room for jitter.
    private static let safety = 0.8

    init(variants: [VariantStream], capBitsPerSecond: Int?) {
        self.variants = variants
        self.capBitsPerSecond = capBitsPerSecond
    }

    /// The current estimate, bits/s; nil before the first sample.
    var estimate: Double? {
        guard let fast, let slow else { return nil }
        return min(fast, slow)
    }

    /// Records a download of `bytes` taking `elapsedMs`. Zero elapsed time (an unmodelled
    /// network under virtual time) counts as very fast.
    mutating func record(bytes: Int, elapsedMs: Int64) {
        let sample = Double(bytes) * 8 * 1000 / Double(max(elapsedMs, 1))
        fast = Self.blend(fast, sample, weight: 0.6)
        slow = Self.blend(slow, sample, weight: 0.1)
    }

    /// The index of the variant to play: the best under the estimate and the caps; the lowest
    /// allowed before any sample, and the lowest of all when even that is over a cap.
    func choice() -> Int {
        let allowed = variants.indices.filter { index in
            capBitsPerSecond.map { variants[index].bandwidth <= $0 } ?? true
        }
        guard let lowest = allowed.first else { return 0 }
        guard let estimate else { return lowest }
        let budget = estimate * Self.safety
        return allowed.last { Double(variants[$0].bandwidth) <= budget } ?? lowest
    }

    private static func blend(_ old: Double?, _ sample: Double, weight: Double) -> Double {
        guard let old else { return sample }
        return old * (1 - weight) + sample * weight
    }
}
