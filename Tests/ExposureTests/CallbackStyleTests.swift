import Exposure
import Foundation
import Testing

/// The seed's callback style beside async/await, and the date helpers its samples use.
@Suite("Callback style")
struct CallbackStyleTests {
    let credentialsBody = #"{"sessionToken": "crm|acc|usr|opaque|1764400000000|1764486400000|false", "accountId": "acc"}"#

    @Test func aSuccessHandsTheValueAndResponse() async throws {
        let transport = RecordingTransport(body: credentialsBody)
        let result = await withCheckedContinuation { continuation in
            Authenticate(environment: TestValues.environment, transport: transport)
                .login(username: "alice", password: "s3cret", device: TestValues.device)
                .request()
                .validate()
                .response { continuation.resume(returning: $0) }
        }
        #expect(result.value?.sessionToken == TestValues.token)
        #expect(result.error == nil && result.response?.status == 200)
    }

    @Test func aFailureHandsTheError() async throws {
        let transport = RecordingTransport(status: 401, body: #"{"httpCode":401,"message":"INVALID_SESSION_TOKEN"}"#)
        let result = await withCheckedContinuation { continuation in
            FetchAsset(environment: TestValues.environment, transport: transport).list().request().response {
                continuation.resume(returning: $0)
            }
        }
        #expect(result.value == nil && result.response == nil)
        #expect(result.error?.status == 401 && result.error?.serverMessage?.message == "INVALID_SESSION_TOKEN")
    }

    @Test func theAdobeTokenIsAHeaderOfThePlayRequest() throws {
        let call = Entitlement(environment: TestValues.environment, sessionToken: TestValues.token)
            .play(assetId: "a", adobePrimetimeToken: "dG9rZW4=")
        let request = try call.transportRequest()
        #expect(request.headers["X-Adobe-Primetime-MediaToken"] == "dG9rZW4=")
        #expect(request.headers["Accept"] == "application/json")
        let plain = try Entitlement(environment: TestValues.environment, sessionToken: TestValues.token).play(assetId: "a")
            .transportRequest()
        #expect(plain.headers["X-Adobe-Primetime-MediaToken"] == nil)
    }

    @Test func dateHelpers() {
        // 0.123 s is not exact in binary: the milliseconds must still come back as given.
        let ms: Int64 = 1_772_457_600_123
        let date = Date(timeIntervalSince1970: Double(ms) / 1000)
        #expect(date.millisecondsSince1970 == ms)
        #expect(date.subtract(days: 1).millisecondsSince1970 == ms - 86_400_000)
        #expect(date.add(days: 2).map(\.millisecondsSince1970) == ms + 2 * 86_400_000)
        let program = Program(programId: "p", assetId: "a", channelId: "c", startTime: date, endTime: date.add(days: 1))
        #expect(program.startDate == date && program.endDate == date.add(days: 1))
    }
}
