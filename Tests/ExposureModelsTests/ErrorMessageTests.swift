import ExposureModels
import Foundation
import Testing

@Suite("Error bodies")
struct ErrorMessageTests {
    @Test func decodesAFullErrorBody() throws {
        let error = try decode(
            ExposureErrorMessage.self, #"{"httpCode": 403, "message": "NOT_ENTITLED", "extendedMessage": "No product"}"#)
        #expect(error == ExposureErrorMessage(httpCode: 403, message: "NOT_ENTITLED", extendedMessage: "No product"))
    }

    @Test(arguments: [500, 502, 503])
    func aServerErrorWithoutMessageReadsAsInternalError(status: Int) throws {
        let error = try decode(ExposureErrorMessage.self, #"{"httpCode": \#(status)}"#)
        #expect(error.message == "INTERNAL_ERROR")
        #expect(error.httpCode == status)
    }

    @Test func aClientErrorWithoutMessageReadsAsUnknownError() throws {
        #expect(try decode(ExposureErrorMessage.self, #"{"httpCode": 400}"#).message == "UNKNOWN_ERROR")
    }

    @Test func anErrorBodyWithoutHTTPCodeIsRejected() {
        #expect(throws: DecodingError.self) { try decode(ExposureErrorMessage.self, #"{"message": "NOT_ENTITLED"}"#) }
    }

    @Test func theKnownErrorsCarryTheContractsStatusAndMessage() {
        #expect(ExposureErrorMessage.noSessionToken == .init(httpCode: 401, message: "NO_SESSION_TOKEN"))
        #expect(ExposureErrorMessage.invalidSessionToken == .init(httpCode: 401, message: "INVALID_SESSION_TOKEN"))
        #expect(ExposureErrorMessage.notEntitled == .init(httpCode: 403, message: "NOT_ENTITLED"))
        #expect(ExposureErrorMessage.unknownAsset == .init(httpCode: 404, message: "UNKNOWN_ASSET"))
        #expect(ExposureErrorMessage.internalError().httpCode == 500)
    }
}
