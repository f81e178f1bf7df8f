import Clocks
import Testing

@testable import MockPlatform

/// Both stores behind `PlatformState` keep the same promises: the default one in memory and the
/// SQLite one of `--state FILE` (here on a private in-memory database).
@Suite struct PlatformStateTests {
    enum Store: String, CaseIterable, CustomTestStringConvertible {
        case memory, sqlite

        func make() throws -> any PlatformState {
            switch self {
            case .memory: MemoryState()
            case .sqlite: try SQLiteState(path: ":memory:")
            }
        }

        var testDescription: String { rawValue }
    }

    static let session = Session(
        token: "tok", accountId: "acc", userId: "u", username: nil, products: ["free"],
        issued: WallTime(millisecondsSince1970: 0), expires: WallTime(millisecondsSince1970: 1_000), deviceId: nil)

    static func play(_ id: String, account: String = "acc", at startedMs: Int64 = 1_000) -> PlaySession {
        PlaySession(
            id: id, accountId: account, assetId: "a", tracksBookmark: true, started: WallTime(millisecondsSince1970: startedMs),
            lastSeen: WallTime(millisecondsSince1970: startedMs), tokenExpires: WallTime(millisecondsSince1970: 10_000_000),
            idleTimeout: .seconds(60))
    }

    @Test(arguments: Store.allCases)
    func aSessionIsReadBackReplacedAndGoneOnceRemoved(_ store: Store) throws {
        let state = try store.make()
        #expect(state.session(token: "tok") == nil)
        state.insert(Self.session)
        #expect(state.session(token: "tok") == Self.session)
        var longer = Self.session
        longer.expires = WallTime(millisecondsSince1970: 2_000)
        state.insert(longer)
        #expect(state.session(token: "tok")?.expires == WallTime(millisecondsSince1970: 2_000))
        state.removeSession(token: "tok")
        #expect(state.session(token: "tok") == nil)
    }

    /// Each anonymous login is an account of its own: once it logs out nothing can reach its records.
    @Test(arguments: Store.allCases)
    func anAnonymousAccountsRecordsGoWhenItLogsOutAndAUsersStay(_ store: Store) throws {
        let state = try store.make()
        let named = Session(
            token: "named", accountId: "acc-basic", userId: "u", username: "basic", products: ["free"],
            issued: WallTime(millisecondsSince1970: 0), expires: WallTime(millisecondsSince1970: 1_000),
            deviceId: nil)
        state.insert(Self.session)
        state.insert(named)
        for accountId in ["acc", "acc-basic"] {
            state.save(Bookmark(assetId: "a", offset: .milliseconds(1), saved: WallTime(millisecondsSince1970: 1)), accountId: accountId)
            state.record(
                DownloadRecord(accountId: accountId, assetId: "a", kind: .download, deviceId: nil, time: WallTime(millisecondsSince1970: 1))
            )
        }
        state.removeSession(token: "tok")
        state.removeSession(token: "named")
        #expect(state.bookmarks(accountId: "acc").isEmpty && state.downloads(accountId: "acc", assetId: nil).isEmpty)
        #expect(state.bookmarks(accountId: "acc-basic").count == 1 && state.downloads(accountId: "acc-basic", assetId: nil).count == 1)
    }

    @Test(arguments: Store.allCases)
    func aSavedBookmarkReplacesTheAccountsLastOneOnly(_ store: Store) throws {
        let state = try store.make()
        #expect(state.bookmarks(accountId: "acc").isEmpty)
        state.save(Bookmark(assetId: "a", offset: .milliseconds(10), saved: WallTime(millisecondsSince1970: 1)), accountId: "acc")
        state.save(Bookmark(assetId: "a", offset: .milliseconds(20), saved: WallTime(millisecondsSince1970: 2)), accountId: "acc")
        state.save(Bookmark(assetId: "b", offset: .milliseconds(5), saved: WallTime(millisecondsSince1970: 3)), accountId: "acc")
        #expect(state.bookmarks(accountId: "acc").mapValues(\.offset) == ["a": .milliseconds(20), "b": .milliseconds(5)])
        #expect(state.bookmarks(accountId: "other").isEmpty)
    }

    @Test(arguments: Store.allCases)
    func onlyActivePlaySessionsCountAgainstTheLimit(_ store: Store) throws {
        let state = try store.make()
        #expect(state.begin(Self.play("p1"), streamLimit: 2))
        #expect(state.begin(Self.play("p2"), streamLimit: 2))
        #expect(!state.begin(Self.play("p3"), streamLimit: 2), "two active, limit two")
        #expect(state.begin(Self.play("x1", account: "other"), streamLimit: 2), "the limit is per account")
        state.endPlaySession(id: "p1", at: WallTime(millisecondsSince1970: 2_000), reason: "Playback.Completed")
        #expect(state.begin(Self.play("p3", at: 2_000), streamLimit: 2), "an ended session frees its slot")
        // p2 was last seen at 1,000 with a 60-s idle timeout; p3 is kept alive by an event.
        state.touchPlaySession(id: "p3", at: WallTime(millisecondsSince1970: 61_000))
        #expect(state.begin(Self.play("p4", at: 61_000), streamLimit: 2), "p2 went silent for its idle timeout")
        #expect(!state.begin(Self.play("p5", at: 61_000), streamLimit: 2))
        #expect(state.begin(Self.play("p5", at: 61_000), streamLimit: nil), "no limit: always starts")
    }

    @Test(arguments: Store.allCases)
    func touchesOnlyMoveForwardAndTheFirstEndStays(_ store: Store) throws {
        let state = try store.make()
        #expect(state.begin(Self.play("p1"), streamLimit: nil))
        state.touchPlaySession(id: "p1", at: WallTime(millisecondsSince1970: 5_000))
        state.touchPlaySession(id: "p1", at: WallTime(millisecondsSince1970: 3_000))
        #expect(state.playSession(id: "p1")?.lastSeen == WallTime(millisecondsSince1970: 5_000))
        state.endPlaySession(id: "p1", at: WallTime(millisecondsSince1970: 6_000), reason: "Playback.Aborted")
        state.endPlaySession(id: "p1", at: WallTime(millisecondsSince1970: 7_000), reason: "Playback.Completed")
        let ended = state.playSession(id: "p1")
        #expect(ended?.ended == WallTime(millisecondsSince1970: 6_000) && ended?.endReason == "Playback.Aborted")
        state.touchPlaySession(id: "unknown", at: WallTime(millisecondsSince1970: 1))
        state.endPlaySession(id: "unknown", at: WallTime(millisecondsSince1970: 1), reason: "Playback.Completed")
        #expect(state.playSession(id: "unknown") == nil)
    }

    @Test(arguments: Store.allCases)
    func playSessionsAreListedOldestFirstPerAccountOrAll(_ store: Store) throws {
        let state = try store.make()
        for (id, account, at) in [("b", "acc", 3_000), ("a", "other", 2_000), ("c", "acc", 1_000), ("d", "acc", 3_000)] {
            #expect(state.begin(Self.play(id, account: account, at: Int64(at)), streamLimit: nil))
        }
        #expect(state.playSessions(accountId: "acc").map(\.id) == ["c", "b", "d"])
        #expect(state.playSessions(accountId: nil).map(\.id) == ["c", "a", "b", "d"])
        #expect(state.playSessions(accountId: "nobody").isEmpty)
    }

    @Test(arguments: Store.allCases)
    func downloadsAreCountedPerAccountAndAssetAndReleased(_ store: Store) throws {
        let state = try store.make()
        state.record(
            DownloadRecord(accountId: "acc", assetId: "a", kind: .download, deviceId: "d", time: WallTime(millisecondsSince1970: 1)))
        state.record(
            DownloadRecord(accountId: "acc", assetId: "b", kind: .download, deviceId: nil, time: WallTime(millisecondsSince1970: 2)))
        state.record(DownloadRecord(accountId: "acc", assetId: "a", kind: .renew, deviceId: "d", time: WallTime(millisecondsSince1970: 3)))
        state.record(
            DownloadRecord(accountId: "other", assetId: "a", kind: .download, deviceId: nil, time: WallTime(millisecondsSince1970: 4)))
        #expect(state.downloads(accountId: "acc", assetId: "a").map(\.time.millisecondsSince1970) == [1, 3])
        #expect(state.downloads(accountId: nil, assetId: "a").map(\.time.millisecondsSince1970) == [1, 3, 4])
        #expect(state.downloads(accountId: "acc", assetId: nil).map(\.time.millisecondsSince1970) == [1, 2, 3])
        state.releaseDownloads(accountId: "acc", assetId: "a")
        #expect(state.downloads(accountId: nil, assetId: nil).map(\.time.millisecondsSince1970) == [2, 4])
    }

    /// Renewals do not count against the download limit, so only their number bounds them: the
    /// latest ``DownloadRecord/renewalsKept`` of an account's asset stay, downloads and other
    /// assets' renewals untouched, the latest time (the license's expiry) always among them.
    @Test(arguments: Store.allCases)
    func anAssetKeepsOnlyItsLatestRenewals(_ store: Store) throws {
        let state = try store.make()
        let kept = DownloadRecord.renewalsKept
        state.record(
            DownloadRecord(accountId: "acc", assetId: "a", kind: .download, deviceId: nil, time: WallTime(millisecondsSince1970: 0)))
        state.record(DownloadRecord(accountId: "acc", assetId: "b", kind: .renew, deviceId: nil, time: WallTime(millisecondsSince1970: 0)))
        // A clock moved back between renewals: the earliest goes, not the first recorded.
        state.record(
            DownloadRecord(accountId: "acc", assetId: "a", kind: .renew, deviceId: nil, time: WallTime(millisecondsSince1970: 1_000_000)))
        for time in 1...(3 * kept) {
            state.record(
                DownloadRecord(
                    accountId: "acc", assetId: "a", kind: .renew, deviceId: nil, time: WallTime(millisecondsSince1970: Int64(time))))
        }
        let records = state.downloads(accountId: "acc", assetId: "a")
        #expect(records.count { $0.kind == .renew } == kept)
        let latest = (2 * kept + 2)...(3 * kept)
        #expect(records.filter { $0.kind == .renew }.map(\.time.millisecondsSince1970).sorted() == latest.map(Int64.init) + [1_000_000])
        #expect(records.first?.kind == .download, "downloads are bounded by the limit, not dropped")
        #expect(state.downloads(accountId: "acc", assetId: "b").count == 1)
        state.removeAll()
        #expect(state.downloads(accountId: nil, assetId: nil).isEmpty)
    }

    @Test(arguments: Store.allCases)
    func removingEverythingForgetsEverything(_ store: Store) throws {
        let state = try store.make()
        state.insert(Self.session)
        state.save(Bookmark(assetId: "a", offset: .milliseconds(10), saved: WallTime(millisecondsSince1970: 1)), accountId: "acc")
        #expect(state.begin(Self.play("p1"), streamLimit: 1))
        state.record(
            DownloadRecord(accountId: "acc", assetId: "a", kind: .download, deviceId: nil, time: WallTime(millisecondsSince1970: 1)))
        state.removeAll()
        #expect(state.session(token: "tok") == nil && state.bookmarks(accountId: "acc").isEmpty)
        #expect(state.playSessions(accountId: nil).isEmpty && state.downloads(accountId: nil, assetId: nil).isEmpty)
        #expect(state.begin(Self.play("p1"), streamLimit: 1), "the old session no longer holds the slot")
    }

    @Test(arguments: Store.allCases)
    func playSessionsStartAtomicallyUnderTheLimit(_ store: Store) async throws {
        let state = try store.make()
        let results = await withTaskGroup(of: Bool.self) { group in
            for index in 0..<16 {
                group.addTask { state.begin(Self.play("p\(index)"), streamLimit: 3) }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.filter { $0 }.count == 3)
        #expect(state.playSessions(accountId: "acc").count == 3)
    }
}
