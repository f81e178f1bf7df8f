/// Paces a body at a fixed rate: byte `p` may leave no earlier than `p / bytesPerSecond` seconds
/// after the first one, in chunks of a tenth of a second's worth so a client sees a steady trickle.
package struct ThrottlePacer: Sendable, Equatable {
    /// What to do next.
    package enum Step: Sendable, Equatable {
        /// Hand out at most this many bytes now.
        case send(maxBytes: Int)
        /// Come back after this long (whole milliseconds, at least one: a wake is never early).
        case wait(Duration)
    }

    package let bytesPerSecond: Int

    package init(bytesPerSecond: Int) { self.bytesPerSecond = max(1, bytesPerSecond) }

    package var chunkSize: Int { max(1, bytesPerSecond / 10) }

    /// The step for a body of which `position` bytes went out, `elapsed` after the first byte.
    package func step(position: Int, elapsed: Duration) -> Step {
        let due = Duration.seconds(Double(position) / Double(bytesPerSecond))
        guard due > elapsed else { return .send(maxBytes: chunkSize) }
        let (seconds, attoseconds) = (due - elapsed).components
        let milliseconds = Int(seconds) * 1000 + Int((attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
        return .wait(.milliseconds(max(1, milliseconds)))
    }
}
