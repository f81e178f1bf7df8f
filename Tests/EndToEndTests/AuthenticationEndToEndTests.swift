import Exposure
import Foundation
import Testing

@Suite struct AuthenticationEndToEndTests {
    @Test func loginValidateLogout() async throws {
        let mock = try RunningPlatform()
        let auth = Authenticate(environment: mock.environment)
        let credentials = try await auth.login(username: "premium", password: "sandbox").request()
        #expect(credentials.sessionToken.accountId == "acc-premium")
        let info = try await auth.validate(sessionToken: credentials.sessionToken).request()
        #expect(info.userId == "usr-premium")
        try await auth.logout(sessionToken: credentials.sessionToken).request()
        let after = await RunningPlatform.serverMessage { try await auth.validate(sessionToken: credentials.sessionToken).request() }
        #expect(after.status == 401)
        #expect(after.message == "INVALID_SESSION_TOKEN")
    }

    @Test func wrongPassword() async throws {
        let mock = try RunningPlatform()
        let result = await RunningPlatform.serverMessage {
            try await Authenticate(environment: mock.environment).login(username: "premium", password: "wrong").request()
        }
        #expect(result.status == 401)
        #expect(result.message == "INCORRECT_CREDENTIALS")
    }

    @Test func anonymousSession() async throws {
        let mock = try RunningPlatform()
        let credentials = try await Authenticate(environment: mock.environment).anonymous().request()
        #expect(credentials.sessionToken.isAnonymous == true)
    }

    @Test func malformedJSONIsInvalidJSON() async throws {
        let mock = try RunningPlatform()
        let url = URL(string: mock.environment.apiBase(.v3) + "/auth/login")!
        let response = try await URLSessionTransport.shared.send(
            TransportRequest(
                method: .post, url: url, headers: ["Content-Type": "application/json"], body: Data("{\"username\":".utf8)))
        #expect(response.status == 400)
        #expect(try ExposureJSON.decode(ExposureErrorMessage.self, from: response.body).message == "INVALID_JSON")
    }

    @Test func oversizedBodyIs413WithAnExposureBody() async throws {
        let mock = try RunningPlatform()
        let url = URL(string: mock.environment.apiBase(.v3) + "/auth/login")!
        let response = try await URLSessionTransport.shared.send(
            TransportRequest(
                method: .post, url: url, headers: ["Content-Type": "application/json"], body: Data(repeating: 0x20, count: 2 << 20)))
        #expect(response.status == 413)
        #expect(try ExposureJSON.decode(ExposureErrorMessage.self, from: response.body).httpCode == 413)
        let stillUp = try await FetchServerTime(environment: mock.environment).request()
        #expect(stillUp.epochMillis > 0)
    }

    @Test func noTokenIsNoSessionToken() async throws {
        let mock = try RunningPlatform()
        let url = URL(string: mock.environment.apiBase(.v2) + "/entitlement/arctic-journey/play")!
        let response = try await URLSessionTransport.shared.send(TransportRequest(method: .get, url: url))
        #expect(response.status == 401)
        #expect(try ExposureJSON.decode(ExposureErrorMessage.self, from: response.body).message == "NO_SESSION_TOKEN")
    }
}
