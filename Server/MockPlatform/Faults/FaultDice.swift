import Synchronization

/// The draws that decide whether a rule with a `probability` applies: SplitMix64 from a seed, so
/// the same seed and the same requests in the same order give the same faults on every run.
final class FaultDice: Sendable {
    /// The seed the dice started with: ``restart()`` goes back to it.
    private let startUpSeed: UInt64
    /// Where the draws are.
    private let position: Mutex<UInt64>

    /// Draws from `seed`; a random seed when nil.
    init(seed: UInt64?) {
        startUpSeed = seed ?? UInt64.random(in: .min ... .max)
        position = Mutex(startUpSeed)
    }

    /// Starts the draws again from `seed`.
    func reseed(_ seed: UInt64) { position.withLock { $0 = seed } }

    /// Starts the draws again from the seed they started with, whatever ``reseed(_:)`` set since.
    func restart() { reseed(startUpSeed) }

    /// True with `probability` (0…1).
    func roll(_ probability: Double) -> Bool {
        if probability >= 1 { return true }
        if probability <= 0 { return false }
        let bits = position.withLock { position -> UInt64 in
            position &+= 0x9E37_79B9_7F4A_7C15
            var mixed = position
            mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
            mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
            return mixed ^ (mixed >> 31)
        }
        return Double(bits >> 11) * 0x1.0p-53 < probability
    }
}
