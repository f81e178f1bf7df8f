import Foundation
import MockPlatformTesting
import Testing

/// The play session's spellings from before its times became `WallTime`s and a `Duration`
/// (`startedMs`, `idleTimeoutMs`, `isActive(atMs:)` …) still compile and read the same values,
/// and its JSON keeps the wire's names and milliseconds.
@Suite struct PlaySessionMillisecondSpellingTests {
    static let typed = PlaySession(
        id: "p", accountId: "acc", assetId: "a", tracksBookmark: true, started: WallTime(millisecondsSince1970: 1_000),
        lastSeen: WallTime(millisecondsSince1970: 2_000), tokenExpires: WallTime(millisecondsSince1970: 90_000),
        idleTimeout: .seconds(60), ended: WallTime(millisecondsSince1970: 3_000), endReason: "Playback.Completed")

    @available(*, deprecated, message: "calls the deprecated millisecond spellings on purpose")
    @Test func theMillisecondSpellingsMakeAndReadTheTypedValues() {
        var session = PlaySession(
            id: "p", accountId: "acc", assetId: "a", tracksBookmark: true, startedMs: 1_000, lastSeenMs: 2_000,
            tokenExpiresMs: 90_000, idleTimeoutMs: 60_000, endedMs: 3_000, endReason: "Playback.Completed")
        #expect(session == Self.typed)
        #expect(session.startedMs == 1_000 && session.lastSeenMs == 2_000 && session.tokenExpiresMs == 90_000)
        #expect(session.idleTimeoutMs == 60_000 && session.endedMs == 3_000)
        #expect(PlaySession.defaultIdleTimeoutMs == 180_000 && PlaySession.defaultIdleTimeout == .seconds(180))
        session.endedMs = nil
        #expect(session.isActive(atMs: 61_999) && !session.isActive(atMs: 62_000))
        #expect(session.isActive(at: WallTime(millisecondsSince1970: 61_999)))
        session.lastSeenMs = 5_000
        #expect(session.lastSeen == WallTime(millisecondsSince1970: 5_000))
    }

    @Test func itsJSONKeepsTheWireNames() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(Self.typed), as: UTF8.self)
        #expect(
            json
                == #"{"accountId":"acc","assetId":"a","endReason":"Playback.Completed","endedMs":3000,"id":"p","#
                + #""idleTimeoutMs":60000,"lastSeenMs":2000,"startedMs":1000,"tokenExpiresMs":90000,"tracksBookmark":true}"#)
        #expect(try JSONDecoder().decode(PlaySession.self, from: Data(json.utf8)) == Self.typed)
    }
}
