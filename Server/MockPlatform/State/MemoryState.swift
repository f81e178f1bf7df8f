import Clocks
import Synchronization

/// Platform state in the process's memory: the default, so a mock forgets everything when it
/// stops, and the store behind every test. `--state FILE` uses ``SQLiteState`` instead.
///
/// Each kind of record has its own lock, held for a dictionary lookup or insert only: the play
/// entitlement, the mock's most-called endpoint, starts a play session on every call, and a
/// B-tree insert into a growing in-memory SQLite table cost it 15–25 % of its CPU (more the
/// longer the mock ran), where a dictionary insert costs the same at the millionth session.
///
/// Sessions and play sessions are bounded: whenever their number has doubled since the last
/// sweep (from `sweepFloor` on) or reached `maxSessions` / `maxPlaySessions`, the sweep forgets
/// expired sessions and play sessions no longer active (ended, silent for three post intervals,
/// play token expired); when more than three quarters of the maximum are left, the oldest go
/// down to three quarters (their tokens get 401, their events change nothing). A sweep is one
/// pass under the lock, and it leaves at least as many inserts before the next (a quarter of
/// the maximum at least), so its cost per insert stays constant.
package final class MemoryState: PlatformState {
    /// The least number of sessions (and of play sessions) a sweep waits for.
    package let sweepFloor: Int
    /// Sessions kept at most (the newest, by issue time).
    package let maxSessions: Int
    /// Play sessions kept at most (the most recently seen).
    package let maxPlaySessions: Int
    private let sessions: Mutex<SessionTable>
    private let bookmarksByAccount = Mutex<[String: [String: Bookmark]]>([:])
    private let plays: Mutex<PlaySessionTable>
    private let downloadRecords = Mutex<[DownloadRecord]>([])

    /// An empty store sweeping from `sweepFloor` records on and keeping at most `maxSessions`
    /// sessions and `maxPlaySessions` play sessions.
    package init(sweepFloor: Int = 10_000, maxSessions: Int = 100_000, maxPlaySessions: Int = 200_000) {
        self.sweepFloor = max(1, sweepFloor)
        self.maxSessions = max(1, maxSessions)
        self.maxPlaySessions = max(1, maxPlaySessions)
        sessions = Mutex(SessionTable(sweepAt: Self.nextSweep(after: 0, floor: self.sweepFloor, maximum: self.maxSessions)))
        plays = Mutex(PlaySessionTable(sweepAt: Self.nextSweep(after: 0, floor: self.sweepFloor, maximum: self.maxPlaySessions)))
    }

    // MARK: Sessions

    /// Stores the session; a sweep it triggers also forgets the bookmarks and downloads of
    /// anonymous accounts left without a session (each anonymous login is a new account, so no
    /// request can reach them again).
    package func insert(_ session: Session) {
        let orphaned = sessions.withLock { table -> Set<String> in
            table.byToken[session.token] = session
            guard table.byToken.count >= table.sweepAt else { return [] }
            let anonymous = Set(table.byToken.values.lazy.filter(\.isAnonymous).map(\.accountId))
            table.byToken = table.byToken.filter { $0.value.isValid(at: session.issued) }
            let keep = Self.threeQuarters(of: maxSessions)
            if table.byToken.count > keep {
                let newest = table.byToken.values.sorted { ($0.issued, $0.token) > ($1.issued, $1.token) }.prefix(keep)
                table.byToken = Dictionary(uniqueKeysWithValues: newest.map { ($0.token, $0) })
            }
            table.sweepAt = Self.nextSweep(after: table.byToken.count, floor: sweepFloor, maximum: maxSessions)
            return anonymous.subtracting(table.byToken.values.lazy.map(\.accountId))
        }
        forgetRecords(of: orphaned)
    }

    package func session(token: String) -> Session? { sessions.withLock { $0.byToken[token] } }

    /// Removes the session; an anonymous account's records go with it (its login was its only way in).
    package func removeSession(token: String) {
        let removed = sessions.withLock { $0.byToken.removeValue(forKey: token) }
        guard let removed, removed.isAnonymous else { return }
        forgetRecords(of: [removed.accountId])
    }

    /// Drops the bookmarks and download records of `accounts`.
    private func forgetRecords(of accounts: Set<String>) {
        guard !accounts.isEmpty else { return }
        bookmarksByAccount.withLock { bookmarks in for accountId in accounts { bookmarks[accountId] = nil } }
        downloadRecords.withLock { $0.removeAll { accounts.contains($0.accountId) } }
    }

    /// How many records a sweep leaves at most: three quarters of `maximum`.
    static func threeQuarters(of maximum: Int) -> Int { max(1, maximum / 4 * 3) }

    /// When the next sweep is due: when the records left have doubled, or reached `maximum`.
    static func nextSweep(after count: Int, floor: Int, maximum: Int) -> Int { min(max(floor, 2 * count), maximum) }

    /// How many sessions and play sessions it holds now, expired and ended ones not yet swept included.
    package var counts: (sessions: Int, playSessions: Int) {
        (sessions.withLock { $0.byToken.count }, plays.withLock { $0.count })
    }

    // MARK: Bookmarks

    package func bookmarks(accountId: String) -> [String: Bookmark] { bookmarksByAccount.withLock { $0[accountId] ?? [:] } }

    package func save(_ bookmark: Bookmark, accountId: String) {
        bookmarksByAccount.withLock { $0[accountId, default: [:]][bookmark.assetId] = bookmark }
    }

    // MARK: Play sessions

    package func begin(_ playSession: PlaySession, streamLimit: Int?) -> Bool {
        plays.withLock { table in
            if let streamLimit, table.activeCount(accountId: playSession.accountId, at: playSession.started) >= streamLimit {
                return false
            }
            table.insert(playSession)
            table.sweepIfDoubled(at: playSession.started, floor: sweepFloor, keeping: maxPlaySessions)
            return true
        }
    }

    package func playSession(id: String) -> PlaySession? { plays.withLock { $0[id] } }

    package func touchPlaySession(id: String, at instant: WallTime) { plays.withLock { $0.touch(id: id, at: instant) } }

    package func endPlaySession(id: String, at instant: WallTime, reason: String) {
        plays.withLock { $0.end(id: id, at: instant, reason: reason) }
    }

    package func playSessions(accountId: String?) -> [PlaySession] {
        plays.withLock { $0.sessions(accountId: accountId) }
            .sorted { ($0.started, $0.id) < ($1.started, $1.id) }
    }

    // MARK: Downloads

    package func record(_ download: DownloadRecord) {
        downloadRecords.withLock { records in
            records.append(download)
            guard download.kind == .renew else { return }
            let renewals = records.indices.filter {
                records[$0].kind == .renew && records[$0].accountId == download.accountId && records[$0].assetId == download.assetId
            }
            guard renewals.count > DownloadRecord.renewalsKept, let earliest = renewals.min(by: { records[$0].time < records[$1].time })
            else { return }
            records.remove(at: earliest)
        }
    }

    package func downloads(accountId: String?, assetId: String?) -> [DownloadRecord] {
        downloadRecords.withLock { records in
            records.filter { (accountId == nil || $0.accountId == accountId) && (assetId == nil || $0.assetId == assetId) }
        }
    }

    package func releaseDownloads(accountId: String, assetId: String) {
        downloadRecords.withLock { $0.removeAll { $0.accountId == accountId && $0.assetId == assetId } }
    }

    package func removeAll() {
        sessions.withLock { $0 = SessionTable(sweepAt: Self.nextSweep(after: 0, floor: sweepFloor, maximum: maxSessions)) }
        bookmarksByAccount.withLock { $0.removeAll() }
        plays.withLock { $0 = PlaySessionTable(sweepAt: Self.nextSweep(after: 0, floor: sweepFloor, maximum: maxPlaySessions)) }
        downloadRecords.withLock { $0.removeAll() }
    }
}

/// Sessions by token, and the count at which the next sweep is due.
private struct SessionTable {
    var byToken: [String: Session] = [:]
    var sweepAt: Int
}

/// Play sessions by id, with the ids of each account's sessions not yet ended, so a
/// stream-limit check looks only at the account's open sessions (an ended one never counts again).
private struct PlaySessionTable {
    private static let bucketCount = 64

    /// Sessions by id in buckets: growing one rehashes a 64th of the sessions. One dictionary
    /// held the lock for a whole rehash, which at 500,000 sessions took the entitlement's p99
    /// latency from 6 ms to 150 ms.
    private var buckets = Array(repeating: [String: PlaySession](), count: bucketCount)
    /// Each account's open ids, in the same buckets as their sessions: one account can hold
    /// hundreds of thousands (anonymous plays have no stream limit), and a set per account
    /// rehashed them all at once, under the lock: 65-100-ms stalls in a run of plays.
    private var openIdsByAccount: [String: [Set<String>]] = [:]
    /// How many sessions it holds.
    private(set) var count = 0
    /// The count at which the next sweep is due.
    private var sweepAt: Int

    init(sweepAt: Int) { self.sweepAt = sweepAt }

    subscript(id: String) -> PlaySession? { buckets[bucket(of: id)][id] }

    mutating func insert(_ session: PlaySession) {
        let bucket = bucket(of: session.id)
        guard buckets[bucket].updateValue(session, forKey: session.id) == nil else { return }
        count += 1
        guard session.ended == nil else { return }
        openIdsByAccount[session.accountId, default: Array(repeating: [], count: Self.bucketCount)][bucket].insert(session.id)
    }

    mutating func touch(id: String, at instant: WallTime) {
        let bucket = bucket(of: id)
        guard let lastSeen = buckets[bucket][id]?.lastSeen else { return }
        buckets[bucket][id]?.lastSeen = max(lastSeen, instant)
    }

    mutating func end(id: String, at instant: WallTime, reason: String) {
        let bucket = bucket(of: id)
        guard let session = buckets[bucket][id], session.ended == nil else { return }
        buckets[bucket][id]?.ended = instant
        buckets[bucket][id]?.endReason = reason
        openIdsByAccount[session.accountId]?[bucket].remove(id)
    }

    /// Once the count has reached the sweep's mark: keeps only the sessions active at `now`,
    /// at most three quarters of `limit` of them (the most recently seen).
    mutating func sweepIfDoubled(at now: WallTime, floor: Int, keeping limit: Int) {
        guard count >= sweepAt else { return }
        var kept = buckets.flatMap { $0.values.filter { $0.isActive(at: now) } }
        let keep = MemoryState.threeQuarters(of: limit)
        if kept.count > keep {
            kept = Array(kept.sorted { ($0.lastSeen, $0.id) > ($1.lastSeen, $1.id) }.prefix(keep))
        }
        var swept = PlaySessionTable(sweepAt: 0)
        for session in kept { swept.insert(session) }
        swept.sweepAt = MemoryState.nextSweep(after: swept.count, floor: floor, maximum: limit)
        self = swept
    }

    func activeCount(accountId: String, at instant: WallTime) -> Int {
        guard let open = openIdsByAccount[accountId] else { return 0 }
        var count = 0
        for (sessions, ids) in zip(buckets, open) {
            count += ids.count { sessions[$0]?.isActive(at: instant) == true }
        }
        return count
    }

    /// Every session, or those of `accountId`, in no particular order.
    func sessions(accountId: String?) -> [PlaySession] {
        guard let accountId else { return buckets.flatMap(\.values) }
        return buckets.flatMap { $0.values.filter { $0.accountId == accountId } }
    }

    private func bucket(of id: String) -> Int { Int(UInt(bitPattern: id.hashValue) % UInt(Self.bucketCount)) }
}
