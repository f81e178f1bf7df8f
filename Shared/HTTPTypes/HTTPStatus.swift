/// What an HTTP status code means to a client deciding whether to ask again: the one rule of
/// the SDK's retries (analytics batches, download reports, a download's files and keys, the
/// player's keys).
package enum HTTPStatus {
    /// A refusal asking again cannot change: a 4xx other than 408 (Request Timeout) and
    /// 429 (Too Many Requests), which say "not now" rather than "no".
    package static func isPermanentRefusal(_ status: Int) -> Bool {
        (400...499).contains(status) && status != 408 && status != 429
    }

    /// An answer asking again may change: a server error (5xx), 408 or 429.
    package static func isRetryable(_ status: Int) -> Bool {
        (500...599).contains(status) || status == 408 || status == 429
    }
}
