import Synchronization

/// How many requests have per-request state alive: each request context counts itself in when
/// it is made and out when it goes, so the count is back to zero once every request completed
/// (tests check that no context leaks). Shared by reference between the server, its daemon's
/// core and every request context.
package final class OpenRequestCount: Sendable {
    private let count = Atomic(0)

    /// The requests whose context is alive now.
    package var value: Int { count.load(ordering: .relaxed) }

    /// A request context was made.
    func opened() { count.add(1, ordering: .relaxed) }

    /// A request context went away.
    func closed() { count.subtract(1, ordering: .relaxed) }
}
