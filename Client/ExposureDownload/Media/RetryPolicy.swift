import Clocks

/// How often and how late a failed file is fetched again.
///
/// ExoPlayer's habit: a handful of tries with a backoff of a few seconds, and the count starts
/// over whenever the download moves bytes, so a long download on a flaky network never runs out
/// of tries while it is still getting somewhere.
package struct RetryPolicy: Sendable, Hashable {
    /// Retries of one file, since the download last completed a file, before the download fails.
    package var maximumRetries: Int = 5
    /// The waits between retries: from half a second, doubling up to 8 s.
    package var backoff = Backoff(first: .milliseconds(500), longest: .seconds(8))

    /// Five retries a file, half a second to 8 s apart.
    package init() {}

    /// The wait before retry number `retry` (from 1).
    package func delay(beforeRetry retry: Int) -> Duration { backoff.delay(beforeRetry: retry) }
}

/// What to do after a file failed with something retrying may fix.
package enum RetryDecision: Sendable, Hashable {
    /// Fetch it again after waiting this long.
    case retry(after: Duration)
    /// Stop: the file failed ``RetryPolicy/maximumRetries`` times while nothing moved.
    case giveUp
}

/// The retries a download has used: per file, forgotten whenever the download completes a file.
package struct RetryBudget: Sendable, Hashable {
    package private(set) var policy: RetryPolicy
    private var failures: [Int: Int] = [:]
    private var completionsSeen = 0

    package init(policy: RetryPolicy = RetryPolicy()) { self.policy = policy }

    /// Counts a failure of the file at `position`; `completions` is how many files the download
    /// has completed so far (any change since the last failure starts every count over).
    package mutating func failed(position: Int, completions: Int) -> RetryDecision {
        if completions != completionsSeen {
            failures = [:]
            completionsSeen = completions
        }
        let count = failures[position, default: 0] + 1
        failures[position] = count
        return count > policy.maximumRetries ? .giveUp : .retry(after: policy.delay(beforeRetry: count))
    }
}
