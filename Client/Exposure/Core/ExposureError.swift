import Foundation

/// Why an Exposure call failed, in the three cases iOSClientExposure's apps switch on:
///
///     if case .exposureResponse(reason: let reason) = error, reason.message == "NOT_ENTITLED" { … }
///
/// The detail stays typed: a server's answer is an ``ExposureResponseMessage`` (status, message
/// and Exposure's `extendedMessage`), a body of the wrong shape names the key path that failed,
/// and a failure before any answer keeps the transport's own error (e.g. a `CurlTransportError`)
/// or an ``ExposureCallFailure``.
public enum ExposureError: Error, Sendable, CustomStringConvertible {
    /// No usable answer: the transport failed (timeout, refused or lost connection,
    /// cancellation), the request could not be built, or what came back is not an HTTP answer
    /// (an ``ExposureCallFailure`` says which of the last two).
    case generalError(error: any Error)
    /// A 2xx answer whose body is not what the call returns.
    case serialization(reason: SerializationFailureReason)
    /// Exposure answered with a non-2xx status; `reason` is its error body, or one made up from
    /// the status when the body was not Exposure's error JSON.
    case exposureResponse(reason: ExposureResponseMessage)

    /// How a 2xx body failed to become the call's response.
    public enum SerializationFailureReason: Sendable {
        /// The body is not JSON at all (or is empty where a value was expected).
        case jsonSerialization(error: any Error)
        /// The body is JSON of another shape: `reason` names the key path and what was wrong,
        /// `json` is the body as received.
        case objectSerialization(reason: String, json: Data)
    }

    /// The HTTP status, for Exposure's answers.
    public var status: Int? {
        if case .exposureResponse(let reason) = self { return reason.httpCode }
        return nil
    }

    /// Exposure's error body, for Exposure's answers.
    public var serverMessage: ExposureResponseMessage? {
        if case .exposureResponse(let reason) = self { return reason }
        return nil
    }

    /// A stable name for the failure, as the official SDK gives it: Exposure's own message
    /// (`NOT_ENTITLED`, …), `JSON_SERIALIZATION_ERROR`, `OBJECT_SERIALIZATION_ERROR` or `GENERAL_ERROR`.
    public var message: String {
        switch self {
        case .generalError: "GENERAL_ERROR"
        case .serialization(.jsonSerialization): "JSON_SERIALIZATION_ERROR"
        case .serialization(.objectSerialization): "OBJECT_SERIALIZATION_ERROR"
        case .exposureResponse(let reason): reason.message
        }
    }

    /// The official SDK's numeric code: the HTTP status for Exposure's answers, 101 for general
    /// errors, 201 and 202 for JSON and object serialization.
    public var code: Int {
        switch self {
        case .generalError: 101
        case .serialization(.jsonSerialization): 201
        case .serialization(.objectSerialization): 202
        case .exposureResponse(let reason): reason.httpCode
        }
    }

    /// The official SDK's error domain name.
    public var domain: String { "ExposureErrorDomain" }

    /// The error underneath, for general errors and unreadable JSON.
    public var underlyingError: (any Error)? {
        switch self {
        case .generalError(let error), .serialization(.jsonSerialization(let error)): error
        case .serialization(.objectSerialization), .exposureResponse: nil
        }
    }

    /// A one-line explanation, leading with the server's message (e.g. `NOT_ENTITLED`) when there is one.
    public var description: String {
        switch self {
        case .exposureResponse(let reason):
            let detail = reason.extendedMessage.map { ": \($0)" } ?? ""
            return "\(reason.message) (HTTP \(reason.httpCode))\(detail)"
        case .serialization(.jsonSerialization(let error)):
            return "the response is not JSON: \(error)"
        case .serialization(.objectSerialization(let reason, let json)):
            return "unexpected response body (\(reason)): \(Self.preview(json))"
        case .generalError(let error as ExposureCallFailure):
            return error.description
        case .generalError(let error):
            return "transport failure: \(error.localizedDescription)"
        }
    }

    /// The error a 2xx body that failed to decode is reported as.
    static func decodingFailure(_ error: DecodingError, body: Data) -> Self {
        if case .dataCorrupted(let context) = error, context.codingPath.isEmpty {
            return .serialization(reason: .jsonSerialization(error: error))
        }
        return .serialization(reason: .objectSerialization(reason: explain(error), json: body))
    }

    private static func explain(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            context.codingPath.map(\.stringValue).joined(separator: ".")
        }
        switch error {
        case .keyNotFound(let key, let context):
            return "missing key \(([path(context)] + [key.stringValue]).filter { !$0.isEmpty }.joined(separator: "."))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "wrong type at \(path(context)): \(context.debugDescription)"
        case .dataCorrupted(let context):
            return "\(path(context)): \(context.debugDescription)"
        @unknown default:
            return String(describing: error)
        }
    }

    /// The start of a body, for messages; bodies can be megabytes.
    static func preview(_ body: Data, limit: Int = 200) -> String {
        let text = String(decoding: body.prefix(limit), as: UTF8.self)
        return body.count > limit ? text + "…" : text
    }
}

/// Exposure's error body (`{"httpCode": 403, "message": "NOT_ENTITLED"}`), under the name the
/// official SDK gives it; `extendedMessage` is the detail Exposure adds.
public typealias ExposureResponseMessage = ExposureErrorMessage

/// Why a call ended as ``ExposureError/generalError(error:)`` without reaching the transport's
/// own errors: the request could not be built, or what came back is not a usable answer.
public enum ExposureCallFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The request could not be built, e.g. the environment's base URL is not a URL.
    case invalidRequest(reason: String)
    /// Something arrived that is not a usable HTTP answer.
    case invalidResponse(reason: String)

    /// A one-line explanation.
    public var description: String {
        switch self {
        case .invalidRequest(let reason): "invalid request: \(reason)"
        case .invalidResponse(let reason): "invalid response: \(reason)"
        }
    }
}

extension ExposureError {
    /// A request that could not be built.
    public static func invalidRequest(reason: String) -> Self { .generalError(error: ExposureCallFailure.invalidRequest(reason: reason)) }
    /// An answer that is not a usable HTTP answer.
    public static func invalidResponse(reason: String) -> Self {
        .generalError(error: ExposureCallFailure.invalidResponse(reason: reason))
    }
}
