import Synchronization

/// The draws that decide whether a rule with a `probability` applies: SplitMix64 from a seed, so
/// the same seed and the same requests in the same order give the same faults on every run.
final class FaultDice: Sendable {
    private struct State {
        var seed: UInt64
        var position: UInt64
    }

    private let state: Mutex<State>

    /// Draws from `seed`; a random seed when nil.
    init(seed: UInt64?) {
        let seed = seed ?? UInt64.random(in: .min ... .max)
        state = Mutex(State(seed: seed, position: seed))
    }

    /// Starts the draws again from `seed`.
    func reseed(_ seed: UInt64) { state.withLock { $0 = State(seed: seed, position: seed) } }

    /// Starts the draws again from the last seed.
    func restart() { state.withLock { $0.position = $0.seed } }

    /// True with `probability` (0…1).
    func roll(_ probability: Double) -> Bool {
        if probability >= 1 { return true }
        if probability <= 0 { return false }
        let bits = state.withLock { state -> UInt64 in
            state.position &+= 0x9E37_79B9_7F4A_7C15
            var mixed = state.position
            mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
            mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
            return mixed ^ (mixed >> 31)
        }
        return Double(bits >> 11) * 0x1.0p-53 < probability
    }
}
