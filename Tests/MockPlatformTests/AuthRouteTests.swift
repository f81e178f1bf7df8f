import Clocks
import ExposureModels
import Foundation
import HTTPServer
import MockPlatform
import Testing

@Suite struct AuthRouteTests {
    let mock: InProcessPlatform
    init() throws { mock = try InProcessPlatform() }

    @Test(arguments: ["/v2", "/v3"])
    func loginIssuesATokenInExposuresShape(version: String) throws {
        let credentials = try mock.json(
            Credentials.self, .post, "\(version)/customer/Sandbox/businessunit/Dev/auth/login",
            body:
                #"{"username":"premium","password":"sandbox","rememberMe":false,"device":{"deviceId":"d1","type":"WEB","model":"m","os":"Linux","osVersion":"6","manufacturer":"x","height":1,"width":1}}"#
        )
        let token = credentials.sessionToken
        #expect(token.isWellFormed)
        #expect(token.accountId == "acc-premium")
        #expect(token.userId == "usr-premium")
        #expect(token.isAnonymous == false)
        #expect(token.expiration == mock.clock.now + .seconds(24 * 3_600))
        #expect(credentials.userProfile?.username == "premium")
    }

    @Test func wrongPasswordIsIncorrectCredentials() {
        let response = mock.send(.post, InProcessPlatform.api3 + "/auth/login", body: #"{"username":"premium","password":"nope"}"#)
        #expect(response.status == 401)
        #expect(mock.error(of: response).message == "INCORRECT_CREDENTIALS")
    }

    @Test(arguments: ["{bad", "[]", #"{"username":1}"#, ""])
    func malformedBodiesAreInvalidJSON(body: String) {
        let response = mock.send(.post, InProcessPlatform.api3 + "/auth/login", body: body)
        #expect(response.status == 400)
        #expect(mock.error(of: response).message == "INVALID_JSON")
    }

    @Test func tokensAreUnguessableAndDistinct() throws {
        let first = try mock.login()
        let second = try mock.login()
        #expect(first != second)
        #expect(SessionToken(value: first).value.split(separator: "|")[3].count >= 32)
    }

    @Test func sessionValidationAndLogout() throws {
        let token = try mock.login("basic")
        for version in ["/v1", "/v2"] {
            let info = try mock.json(SessionInfo.self, .get, "\(version)/customer/Sandbox/businessunit/Dev/auth/session", token: token)
            #expect(info.accountId == "acc-basic")
        }
        let logout = mock.send(.delete, InProcessPlatform.api2 + "/auth/session", token: token)
        #expect(logout.status == 200)
        #expect(logout.body == Data("{}".utf8))
        let after = mock.send(.get, InProcessPlatform.api2 + "/auth/session", token: token)
        #expect(after.status == 401)
        #expect(mock.error(of: after).message == "INVALID_SESSION_TOKEN")
    }

    @Test func missingAndForgedTokens() {
        let missing = mock.send(.get, InProcessPlatform.api2 + "/auth/session")
        #expect(mock.error(of: missing) == .noSessionToken)
        let forged = mock.send(.get, InProcessPlatform.api2 + "/auth/session", token: "crm|acc-premium|usr-premium|x|0|9999999999999|false")
        #expect(mock.error(of: forged) == .invalidSessionToken)
    }

    @Test func tokensExpireWithThePlatformClock() throws {
        let token = try mock.login()
        mock.clock.set(offset: .seconds(24 * 3_600) + .milliseconds(1))
        #expect(mock.error(of: mock.send(.get, InProcessPlatform.api2 + "/auth/session", token: token)) == .invalidSessionToken)
    }

    @Test func anonymousLogin() throws {
        let credentials = try mock.json(Credentials.self, .post, InProcessPlatform.api2 + "/auth/anonymous", body: #"{"deviceId":"d1"}"#)
        #expect(credentials.sessionToken.isAnonymous == true)
        let free = mock.send(.get, InProcessPlatform.api2 + "/entitlement/behind-the-scenes/play", token: credentials.sessionToken.value)
        #expect(free.status == 200)
        let paid = mock.send(.get, InProcessPlatform.api2 + "/entitlement/city-lights/play", token: credentials.sessionToken.value)
        #expect(mock.error(of: paid).message == "NOT_ENTITLED")
    }

    @Test func aDeviceIdOverItsBoundIsRefusedAndNoSessionKept() {
        let long = String(repeating: "d", count: 257)
        let anonymous = mock.send(.post, InProcessPlatform.api2 + "/auth/anonymous", body: #"{"deviceId":"\#(long)"}"#)
        #expect(anonymous.status == 400)
        #expect(mock.error(of: anonymous).extendedMessage == "deviceId is 257 characters long; it may be at most 256.")
        let login = mock.send(
            .post, InProcessPlatform.api2 + "/auth/login",
            body:
                #"{"username":"premium","password":"sandbox","device":{"deviceId":"\#(long)","type":"WEB","model":"m","os":"Linux","osVersion":"6","manufacturer":"x","height":1,"width":1}}"#
        )
        #expect(login.status == 400)
        #expect(mock.error(of: login).message == "INVALID_JSON")
        #expect((mock.platform.context.state as? MemoryState)?.counts.sessions == 0, "no session kept")
        let longest = String(repeating: "d", count: 256)
        #expect(mock.send(.post, InProcessPlatform.api2 + "/auth/anonymous", body: #"{"deviceId":"\#(longest)"}"#).status == 200)
    }

    @Test func unknownBusinessUnit() {
        let response = mock.send(
            .post, "/v3/customer/Other/businessunit/Dev/auth/login", body: #"{"username":"premium","password":"sandbox"}"#)
        #expect(response.status == 404)
        #expect(mock.error(of: response).message == "UNKNOWN_BUSINESS_UNIT")
    }
}
