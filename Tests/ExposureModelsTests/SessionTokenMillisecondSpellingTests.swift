import Clocks
import ExposureModels
import Testing

/// The session token's spellings from before its times became `WallTime`s
/// (`SessionToken(…acquiredMs:expirationMs:…)`, `acquiredMs`, `expirationMs`, `isExpired(atMs:)`)
/// still compile and read the same token.
@Suite struct SessionTokenMillisecondSpellingTests {
    @available(*, deprecated, message: "calls the deprecated millisecond spellings on purpose")
    @Test func theMillisecondSpellingsMakeAndReadTheTypedToken() {
        let token = SessionToken(
            crmToken: "crm", accountId: "acc", userId: "usr", opaque: "r4nd0m", acquiredMs: 1_000, expirationMs: 90_000,
            anonymous: false)
        let typed = SessionToken(
            crmToken: "crm", accountId: "acc", userId: "usr", opaque: "r4nd0m", acquired: WallTime(millisecondsSince1970: 1_000),
            expiration: WallTime(millisecondsSince1970: 90_000), anonymous: false)
        #expect(token == typed && token.value == "crm|acc|usr|r4nd0m|1000|90000|false")
        #expect(token.acquiredMs == 1_000 && token.expirationMs == 90_000)
        #expect(token.isExpired(atMs: 90_000) && !token.isExpired(atMs: 89_999))
        #expect(SessionToken(value: "opaque").expirationMs == nil && !SessionToken(value: "opaque").isExpired(atMs: .max))
    }
}
