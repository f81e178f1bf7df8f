import Synchronization

/// Platform state that lives as long as the process.
public final class InMemoryState: PlatformState {
    private struct Storage {
        var sessions: [String: Session] = [:]
        var bookmarks: [String: [String: Bookmark]] = [:]
    }

    private let storage = Mutex(Storage())

    /// Empty state.
    public init() {}

    public func insert(_ session: Session) { storage.withLock { $0.sessions[session.token] = session } }

    public func session(token: String) -> Session? { storage.withLock { $0.sessions[token] } }

    public func removeSession(token: String) { _ = storage.withLock { $0.sessions.removeValue(forKey: token) } }

    public func bookmarks(accountId: String) -> [String: Bookmark] { storage.withLock { $0.bookmarks[accountId] ?? [:] } }

    public func save(_ bookmark: Bookmark, accountId: String) {
        storage.withLock { $0.bookmarks[accountId, default: [:]][bookmark.assetId] = bookmark }
    }

    public func removeAll() { storage.withLock { $0 = Storage() } }
}
