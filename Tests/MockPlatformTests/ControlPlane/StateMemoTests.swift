import Testing
@testable import MockPlatform

/// The in-memory store answers session and bookmark reads from memory: every write must show
/// in the next read, as it would straight from SQLite.
@Suite struct StateMemoTests {
    let state = SQLiteState.inMemory()
    let session = Session(token: "tok", accountId: "acc", userId: "u", username: nil, products: ["free"],
                          issuedMs: 0, expiresMs: 1_000, deviceId: nil)

    @Test func aSessionIsSeenUntilRemovedAndAnUnknownTokenIsNotRemembered() {
        #expect(state.session(token: "tok") == nil)
        state.insert(session)
        #expect(state.session(token: "tok") == session)
        var longer = session
        longer.expiresMs = 2_000
        state.insert(longer)
        #expect(state.session(token: "tok")?.expiresMs == 2_000, "a replaced session is read back replaced")
        state.removeSession(token: "tok")
        #expect(state.session(token: "tok") == nil)
    }

    @Test func aSavedBookmarkShowsInTheNextRead() {
        #expect(state.bookmarks(accountId: "acc").isEmpty)
        state.save(Bookmark(assetId: "a", offsetMs: 10, savedMs: 1), accountId: "acc")
        #expect(state.bookmarks(accountId: "acc")["a"]?.offsetMs == 10)
        state.save(Bookmark(assetId: "a", offsetMs: 20, savedMs: 2), accountId: "acc")
        #expect(state.bookmarks(accountId: "acc")["a"]?.offsetMs == 20)
        #expect(state.bookmarks(accountId: "other").isEmpty)
    }

    @Test func removingEverythingForgetsWhatWasRemembered() {
        state.insert(session)
        state.save(Bookmark(assetId: "a", offsetMs: 10, savedMs: 1), accountId: "acc")
        _ = (state.session(token: "tok"), state.bookmarks(accountId: "acc"))
        state.removeAll()
        #expect(state.session(token: "tok") == nil && state.bookmarks(accountId: "acc").isEmpty)
    }
}
