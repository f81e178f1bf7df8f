import Clocks
import ExposureModels
import Foundation
import Testing

@Suite("Credentials and session tokens")
struct CredentialsTests {
    @Test func decodesCredentials() throws {
        let credentials = try decode(Credentials.self, Fixtures.credentials)

        #expect(credentials.sessionToken.value == "crm_9|acc_1|user_1|aGVsbG8|1764400000000|1764486400000|false")
        #expect(credentials.accountStatus == "Active")
        #expect(credentials.expirationDateTime == Date(timeIntervalSince1970: 1_764_486_400))
        #expect(
            credentials.userProfile
                == UserProfile(
                    username: "alice@example.com", displayName: "Alice", emailAddress: "alice@example.com"))
    }

    @Test func credentialsNeedOnlyASessionToken() throws {
        let credentials = try decode(Credentials.self, #"{"sessionToken": "opaque"}"#)
        #expect(credentials == Credentials(sessionToken: SessionToken(value: "opaque")))
        #expect(throws: DecodingError.self) { try decode(Credentials.self, #"{"accountId": "acc_1"}"#) }
    }

    @Test func sessionInfoNeedsAllThreeKeys() throws {
        let info = try decode(SessionInfo.self, #"{"crmToken": "c", "accountId": "a", "userId": "u"}"#)
        #expect(info == SessionInfo(crmToken: "c", accountId: "a", userId: "u"))
        #expect(throws: DecodingError.self) { try decode(SessionInfo.self, #"{"crmToken": "c", "accountId": "a"}"#) }
    }

    @Test func aTokenBuiltFromPartsReadsBackTheSameParts() {
        let token = SessionToken(
            crmToken: "crm", accountId: "acc", userId: "usr", opaque: "r4nd0m",
            acquired: WallTime(millisecondsSince1970: 1_764_400_000_000),
            expiration: WallTime(millisecondsSince1970: 1_764_486_400_000), anonymous: true)

        #expect(token.value == "crm|acc|usr|r4nd0m|1764400000000|1764486400000|true")
        #expect(token.crmToken == "crm")
        #expect(token.accountId == "acc")
        #expect(token.userId == "usr")
        #expect(token.acquired == WallTime(millisecondsSince1970: 1_764_400_000_000))
        #expect(token.expiration == WallTime(millisecondsSince1970: 1_764_486_400_000))
        #expect(token.isAnonymous == true)
        #expect(token.isWellFormed)
        #expect(token.isExpired(at: WallTime(millisecondsSince1970: 1_764_486_400_000)))
        #expect(!token.isExpired(at: WallTime(millisecondsSince1970: 1_764_486_399_999)))
        #expect(SessionToken(value: token.value) == token)
        #expect(token.description == token.value)
    }

    @Test func aTokenIsAPlainStringInJSON() throws {
        let token = SessionToken(value: "a|b|c|d|1|2|false")
        let data = try ExposureJSON.encode(["sessionToken": token])
        #expect(String(decoding: data, as: UTF8.self) == #"{"sessionToken":"a|b|c|d|1|2|false"}"#)
        #expect(try ExposureJSON.decode([String: SessionToken].self, from: data)["sessionToken"] == token)
    }

    @Test(arguments: [
        "",
        "opaque-token-without-separators",
        "a|b|c|d|1|2",
        "a|b|c|d|1|2|false|extra",
        "a|b|c|d|soon|2|false",
        "a|b|c|d|1|later|false"
    ])
    func malformedTokensStayUsableButUnreadable(text: String) {
        let token = SessionToken(value: text)
        #expect(token.value == text, "the token is still sent as received")
        #expect(!token.isWellFormed)
    }

    @Test(arguments: ["opaque", "a|b|c|d|1|later|false", "a|b|c|d|1|2"])
    func anUnreadableExpiryNeverCountsAsExpired(text: String) {
        #expect(SessionToken(value: text).expiration == nil)
        #expect(!SessionToken(value: text).isExpired(at: WallTime(millisecondsSince1970: .max)))
    }

    @Test func aTokenWithEmptyFieldsKeepsTheirPositions() {
        let token = SessionToken(value: "|acc||d|1|2|false")
        #expect(token.crmToken == "")
        #expect(token.accountId == "acc")
        #expect(token.userId == "")
        #expect(token.isWellFormed)
    }
}
