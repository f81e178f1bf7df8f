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

        guard case .exposureResponse(reason: let body) = error else {
            Issue.record("expected an Exposure response, got \(error)")
            return
        }
        #expect(body == ExposureResponseMessage(httpCode: status, message: message, extendedMessage: "details"))
        #expect(error.code == status)
        #expect(error.message == message)
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

        guard case .generalError(error: let underlying) = error else {
            Issue.record("expected a general error, got \(error)")
            return
        }
        #expect((underlying as? URLError)?.code == .timedOut)
        #expect(error.status == nil)
        #expect(error.code == 101 && error.message == "GENERAL_ERROR")
    }

    @Test func aBodyOfTheWrongShapeIsAnObjectSerializationErrorWithTheBody() async throws {
        let body = #"{"assetId": 42}"#
        let error = try #require(await asset(RecordingTransport(body: body)).failure())

        guard case .serialization(reason: .objectSerialization(reason: let reason, json: let received)) = error else {
            Issue.record("expected an object serialization error, got \(error)")
            return
        }
        #expect(reason.hasPrefix("wrong type at assetId"))
        #expect(String(decoding: received, as: UTF8.self) == body)
        #expect(error.code == 202 && error.message == "OBJECT_SERIALIZATION_ERROR")
    }

    @Test func aBodyThatIsNotJSONIsAJSONSerializationError() async throws {
        let error = try #require(await asset(RecordingTransport(body: "<html>")).failure())
        guard case .serialization(reason: .jsonSerialization(error: let underlying)) = error else {
            Issue.record("expected a JSON serialization error, got \(error)")
            return
        }
        #expect(underlying is DecodingError)
        #expect(error.code == 201 && error.message == "JSON_SERIALIZATION_ERROR")
    }

    @Test func aMissingRequiredKeyIsNamedInTheMessage() async throws {
        let error = try #require(await asset(RecordingTransport(body: #"{"type": "MOVIE"}"#)).failure())
        #expect(error.description.contains("missing key assetId"))
    }

    @Test func anEmptySuccessBodyIsAJSONSerializationError() async throws {
        let error = try #require(await asset(RecordingTransport(status: 200, body: "")).failure())
        guard case .serialization(reason: .jsonSerialization(error: ExposureCallFailure.invalidResponse)) = error else {
            Issue.record("expected a JSON serialization error, got \(error)")
            return
        }
    }

    @Test func aBaseURLThatIsNotAURLFailsBeforeSending() async throws {
        let transport = RecordingTransport()
        let environment = Environment(baseUrl: "not a url", customer: "Sandbox", businessUnit: "Dev")
        let error = try #require(await FetchServerTime(environment: environment, transport: transport).failure())

        guard case .generalError(error: ExposureCallFailure.invalidRequest) = error else {
            Issue.record("expected an invalid request, got \(error)")
            return
        }
        #expect(await transport.requests.isEmpty)
    }
}
