import Clocks

/// What the platform remembers between requests: sessions, bookmarks, play sessions and downloads.
///
/// Every read is scoped to one account (or one unguessable id), which is how one user never sees
/// another's data. Implementations are thread-safe: handlers run on several server threads at once.
package protocol PlatformState: Sendable {
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

    /// Starts a play session unless the account already has `streamLimit` active ones at
    /// `playSession.started`; the check and the insert are one atomic step. Returns whether it started.
    func begin(_ playSession: PlaySession, streamLimit: Int?) -> Bool
    /// The play session with this id.
    func playSession(id: String) -> PlaySession?
    /// Records a sign of life (an EventSink event) at `instant`.
    func touchPlaySession(id: String, at instant: WallTime)
    /// Ends a play session at `instant`, freeing its stream slot; a session already ended keeps its first end.
    func endPlaySession(id: String, at instant: WallTime, reason: String)
    /// The account's play sessions (every account's when nil), oldest first.
    func playSessions(accountId: String?) -> [PlaySession]

    /// Records a completed or renewed download; past ``DownloadRecord/renewalsKept`` renewals
    /// of the account's asset, the one with the earliest time is forgotten.
    func record(_ download: DownloadRecord)
    /// Download records of one account (every account's when nil), optionally of one asset, oldest first.
    func downloads(accountId: String?, assetId: String?) -> [DownloadRecord]
    /// Forgets the account's downloads of an asset, releasing its download count.
    func releaseDownloads(accountId: String, assetId: String)

    /// Forgets everything.
    func removeAll()
}
