/// What the platform remembers between requests: sessions and bookmarks.
///
/// Implementations are thread-safe: handlers run on several server threads at once.
public protocol PlatformState: Sendable {
    /// Stores a new session.
    func insert(_ session: Session)
    /// The session for a token, expired or not; nil when unknown or logged out.
    func session(token: String) -> Session?
    /// Ends a session; its token is dead afterwards.
    func removeSession(token: String)
    /// The account's bookmarks, by asset id.
    func bookmarks(accountId: String) -> [String: Bookmark]
    /// Saves a bookmark for the account.
    func save(_ bookmark: Bookmark, accountId: String)
    /// Forgets everything.
    func removeAll()
}
