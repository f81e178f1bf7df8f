import Exposure
import Foundation
import Testing

@Suite("Typed errors")
struct ErrorMappingTests {
    func asset(_ transport: RecordingTransport) -> ExposureCall<Asset> {
        FetchAsset(environment: TestValues.environment, transport: transport).filter(assetId: "a1")
    }

    @Test(arguments: [
        (401, "INVALID_SESSION_TOKEN"), (401, "NO_SESSION_TOKEN"), (403, "NOT_ENTITLED"), (403, "GEO_BLOCKED"),
        (404, "UNKNOWN_ASSET"), (500, "INTERNAL_ERROR")
    ])
    func errorBodiesBecomeServerErrors(status: Int, message: String) async throws {
        let transport = RecordingTransport(
            status: status, body: #"{"httpCode": \#(status), "message": "\#(message)", "extendedMessage": "details"}"#)
        let error = try #require(await asset(transport).failure())

        guard case .server(let reportedStatus, let body) = error else {
            Issue.record("expected a server error, got \(error)")
            return
        }
        #expect(reportedStatus == status)
        #expect(body == ExposureErrorMessage(httpCode: status, message: message, extendedMessage: "details"))
        #expect(error.status == status)
        #expect(error.serverMessage?.message == message)
        #expect(error.description == "\(message) (HTTP \(status)): details")
    }

    @Test func aServerErrorWithoutMessageIsAnInternalError() async throws {
        let error = await asset(RecordingTransport(status: 500, body: #"{"httpCode": 500}"#)).failure()
        #expect(error?.serverMessage == ExposureErrorMessage(httpCode: 500, message: "INTERNAL_ERROR"))
    }

    @Test func anErrorBodyWithoutHTTPCodeTakesTheStatus() async throws {
        let error = await asset(RecordingTransport(status: 403, body: #"{"message": "NOT_ENTITLED"}"#)).failure()
        #expect(error?.serverMessage == ExposureErrorMessage(httpCode: 403, message: "NOT_ENTITLED"))
    }

    @Test(arguments: [
        (502, "<html><body>Bad gateway</body></html>", "INTERNAL_ERROR", "<html><body>Bad gateway</body></html>" as String?),
        (503, "", "INTERNAL_ERROR", nil),
        (404, "Not Found\n", "UNKNOWN_ERROR", "Not Found"),
        (400, "[1, 2]", "UNKNOWN_ERROR", "[1, 2]")
    ])
    func bodiesThatAreNotErrorJSONStillGiveTheStatus(status: Int, body: String, message: String, detail: String?) async {
        let error = await asset(RecordingTransport(status: status, body: body)).failure()
        #expect(error?.status == status)
        #expect(error?.serverMessage == ExposureErrorMessage(httpCode: status, message: message, extendedMessage: detail))
    }

    @Test func transportFailuresKeepTheUnderlyingError() async throws {
        let transport = RecordingTransport { _ in throw URLError(.timedOut) }
        let error = try #require(await asset(transport).failure())

        guard case .transport(let underlying) = error else {
            Issue.record("expected a transport error, got \(error)")
            return
        }
        #expect((underlying as? URLError)?.code == .timedOut)
        #expect(error.status == nil)
    }

    @Test func aBodyOfTheWrongShapeIsADecodingErrorWithTheBody() async throws {
        let body = #"{"assetId": 42}"#
        let error = try #require(await asset(RecordingTransport(body: body)).failure())

        guard case .decoding(let decodingError, let received) = error else {
            Issue.record("expected a decoding error, got \(error)")
            return
        }
        guard case .typeMismatch = decodingError else {
            Issue.record("expected a type mismatch, got \(decodingError)")
            return
        }
        #expect(String(decoding: received, as: UTF8.self) == body)
    }

    @Test func aMissingRequiredKeyIsNamedInTheMessage() async throws {
        let error = try #require(await asset(RecordingTransport(body: #"{"type": "MOVIE"}"#)).failure())
        #expect(error.description.contains("missing key assetId"))
    }

    @Test func anEmptySuccessBodyIsAnInvalidResponse() async throws {
        let error = try #require(await asset(RecordingTransport(status: 200, body: "")).failure())
        guard case .invalidResponse = error else {
            Issue.record("expected an invalid response, got \(error)")
            return
        }
    }

    @Test func aBaseURLThatIsNotAURLFailsBeforeSending() async throws {
        let transport = RecordingTransport()
        let environment = Environment(baseUrl: "not a url", customer: "Sandbox", businessUnit: "Dev")
        let error = try #require(await FetchServerTime(environment: environment, transport: transport).failure())

        guard case .invalidRequest = error else {
            Issue.record("expected an invalid request, got \(error)")
            return
        }
        #expect(await transport.requests.isEmpty)
    }
}
