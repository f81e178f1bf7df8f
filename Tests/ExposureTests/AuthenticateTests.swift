import Exposure
import Foundation
import Testing

@Suite("Authenticate")
struct AuthenticateTests {
    let credentialsBody = #"{"sessionToken": "crm|acc|usr|opaque|1764400000000|1764486400000|false", "accountId": "acc"}"#

    @Test func loginPostsTheUserAndDeviceToV3() async throws {
        let transport = RecordingTransport(body: credentialsBody)
        let credentials = try await Authenticate(environment: TestValues.environment, transport: transport)
            .login(username: "alice", password: "s3cret", rememberMe: true, device: TestValues.device)
            .request()

        #expect(credentials.sessionToken == TestValues.token)
        let sent = try #require(await transport.onlyRequest)
        #expect(sent.method == .post)
        #expect(sent.url.absoluteString == "\(TestValues.base)/v3/customer/Sandbox/businessunit/Dev/auth/login")
        #expect(sent.headers == ["Accept": "application/json", "Content-Type": "application/json"])
        let body = String(decoding: try #require(sent.body), as: UTF8.self)
        #expect(
            body == #"{"device":{"deviceId":"device-1","height":1080,"manufacturer":"Generic","model":"x86_64","#
                + #""name":"box","os":"Linux","osVersion":"6.1","type":"WEB","width":1920},"password":"s3cret","#
                + #""rememberMe":true,"username":"alice"}"#)
    }

    @Test func anonymousLoginPostsTheDeviceToV2() async throws {
        let transport = RecordingTransport(body: credentialsBody)
        _ = try await Authenticate(environment: TestValues.environment, transport: transport)
            .anonymous(device: TestValues.device)
            .request()

        let sent = try #require(await transport.onlyRequest)
        #expect(sent.method == .post)
        #expect(sent.url.absoluteString == "\(TestValues.base)/v2/customer/Sandbox/businessunit/Dev/auth/anonymous")
        let body = try JSONSerialization.jsonObject(with: try #require(sent.body)) as? [String: Any]
        #expect(body?["deviceId"] as? String == "device-1")
        #expect((body?["device"] as? [String: Any])?["os"] as? String == "Linux")
        #expect(sent.header(named: "authorization") == nil)
    }

    @Test func validateAsksWhoTheTokenBelongsTo() async throws {
        let transport = RecordingTransport(body: #"{"crmToken": "crm", "accountId": "acc", "userId": "usr"}"#)
        let info = try await Authenticate(environment: TestValues.environment, transport: transport)
            .validate(sessionToken: TestValues.token)
            .request()

        #expect(info == SessionInfo(crmToken: "crm", accountId: "acc", userId: "usr"))
        let sent = try #require(await transport.onlyRequest)
        #expect(sent.method == .get)
        #expect(sent.url.absoluteString == "\(TestValues.base)/v2/customer/Sandbox/businessunit/Dev/auth/session")
        #expect(sent.headers == ["Accept": "application/json", "Authorization": "Bearer \(TestValues.token.value)"])
        #expect(sent.body == nil)
    }

    @Test(arguments: [200, 204])
    func logoutDeletesTheSessionAndNeedsNoBody(status: Int) async throws {
        let transport = RecordingTransport(status: status, body: "")
        try await Authenticate(environment: TestValues.environment, transport: transport)
            .logout(sessionToken: TestValues.token)
            .request()

        let sent = try #require(await transport.onlyRequest)
        #expect(sent.method == .delete)
        #expect(sent.url.absoluteString == "\(TestValues.base)/v2/customer/Sandbox/businessunit/Dev/auth/session")
        #expect(sent.header(named: "Authorization") == "Bearer \(TestValues.token.value)")
    }

    @Test func theDefaultDeviceDescribesThisMachine() {
        let device = DeviceInfo.current
        #expect(device.deviceId.hasPrefix("device-"))
        #expect(device.deviceId.count == "device-".count + 32)
        #expect(device.deviceId == DeviceInfo.current.deviceId, "stable across calls")
        #expect(!device.os.isEmpty && !device.osVersion.isEmpty && !device.model.isEmpty)
    }
}
