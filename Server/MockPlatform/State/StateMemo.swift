import Synchronization

/// Sessions and bookmarks kept in memory beside a store no other process can write (SQLite's
/// `:memory:`), so the reads every request makes (its token's session, twice: the handler and
/// the journal; an entitlement's bookmarks) skip SQLite. A state file may be shared with
/// another mock, so its reads always go to the file.
///
/// A miss loads under the memo's lock and a write drops the entry only after it is committed,
/// so a load racing a write can never keep the old value.
final class StateMemo: Sendable {
    private let sessions = Mutex<[String: Session]>([:])
    private let bookmarks = Mutex<[String: [String: Bookmark]]>([:])
    /// Entries kept before a memo starts over: anonymous logins make a session each.
    private static let limit = 65_536

    /// The session of `token`, loaded by `load` when not remembered; unknown tokens are not remembered.
    func session(token: String, load: () -> Session?) -> Session? {
        sessions.withLock { known in
            if let session = known[token] { return session }
            guard let session = load() else { return nil }
            Self.remember(session, for: token, in: &known)
            return session
        }
    }

    /// Remembers a session just stored.
    func stored(_ session: Session) { sessions.withLock { Self.remember(session, for: session.token, in: &$0) } }

    /// Forgets a session just removed.
    func removedSession(token: String) { _ = sessions.withLock { $0.removeValue(forKey: token) } }

    /// The account's bookmarks, loaded by `load` when not remembered.
    func bookmarks(accountId: String, load: () -> [String: Bookmark]) -> [String: Bookmark] {
        bookmarks.withLock { known in
            if let marks = known[accountId] { return marks }
            let marks = load()
            Self.remember(marks, for: accountId, in: &known)
            return marks
        }
    }

    /// Forgets an account's bookmarks after one of them was saved.
    func savedBookmark(accountId: String) { _ = bookmarks.withLock { $0.removeValue(forKey: accountId) } }

    /// Forgets everything after the store was emptied.
    func removedAll() {
        sessions.withLock { $0.removeAll() }
        bookmarks.withLock { $0.removeAll() }
    }

    private static func remember<Value>(_ value: Value, for key: String, in known: inout [String: Value]) {
        if known.count >= limit { known.removeAll() }
        known[key] = value
    }
}
