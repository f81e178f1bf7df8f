/// Waits that double from a first one up to a longest one: the one retry schedule of the SDK
/// (a download's files and its reports to the backend, analytics batches, the last analytics
/// send before a process exits).
public struct Backoff: Sendable, Hashable {
    /// The wait before the first retry.
    public var first: Duration
    /// The longest wait, however many retries came before.
    public var longest: Duration

    /// A schedule starting at `first` and doubling up to `longest`.
    public init(first: Duration, longest: Duration) {
        self.first = first
        self.longest = longest
    }

    /// The wait before retry number `retry` (from 1; anything lower counts as 1): ``first``,
    /// doubled for each retry before it, at most ``longest``.
    public func delay(beforeRetry retry: Int) -> Duration {
        var delay = first
        for _ in 1..<max(retry, 1) {
            guard delay < longest else { break }
            delay *= 2
        }
        return min(delay, longest)
    }
}
