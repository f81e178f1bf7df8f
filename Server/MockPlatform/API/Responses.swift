import ExposureModels
import Foundation
import HTTPServer

/// Builds the mock's HTTP answers: JSON bodies and Exposure error bodies.
enum Responses {
    /// A JSON answer.
    static func json<Value: Encodable>(_ value: Value, status: Int = 200) -> HTTPResponse {
        do {
            return json(body: try ExposureJSON.encode(value), status: status)
        } catch {
            return self.error(.internalError("The answer could not be encoded: \(error)"))
        }
    }

    /// A JSON answer whose body is already encoded.
    static func json(body: Data, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": "application/json"], body: body)
    }

    /// An Exposure error body with its status.
    static func error(_ message: ExposureErrorMessage) -> HTTPResponse {
        let body = (try? ExposureJSON.encode(message)) ?? Data(#"{"httpCode":500,"message":"INTERNAL_ERROR"}"#.utf8)
        return HTTPResponse(status: message.httpCode, headers: ["Content-Type": "application/json"], body: body)
    }

    /// 200 with the JSON body `{}`.
    static func emptyObject() -> HTTPResponse {
        HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: Data("{}".utf8))
    }

    /// An answer with no body.
    static func noContent() -> HTTPResponse { HTTPResponse(status: 204) }
}
