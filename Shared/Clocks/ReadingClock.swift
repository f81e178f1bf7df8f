/// A wall clock that reads a closure's milliseconds since 1970: what the deprecated spellings
/// that took a `now`/`realNow` closure before the ``WallClock`` abstraction hand on. A sleep on
/// it waits in real time for the distance the closure reads to the deadline.
package struct ReadingClock: WallClock {
    /// The closure read for the time.
    package let read: @Sendable () -> Int64

    /// A clock reading `read`.
    package init(read: @escaping @Sendable () -> Int64) { self.read = read }

    /// What the closure reads.
    package var now: WallTime { WallTime(millisecondsSince1970: read()) }

    /// Waits in real time until the closure would read `deadline` if it ran at real time.
    package func sleep(until deadline: WallTime, tolerance: Duration?) async throws {
        let remaining = now.duration(to: deadline)
        if remaining > .zero { try await Task.sleep(for: remaining) }
    }
}
