import Foundation

/// Why an Exposure call failed.
public enum ExposureError: Error, Sendable, CustomStringConvertible {
    /// The server answered with a non-2xx status. `message` is its error body, or one made up
    /// from the status when the body was not Exposure's error JSON.
    case server(status: Int, message: ExposureErrorMessage)
    /// A 2xx body did not have the expected shape.
    case decoding(DecodingError, body: Data)
    /// No response arrived: timeout, refused or lost connection, cancellation.
    case transport(any Error)
    /// Something arrived that is not a usable HTTP answer (e.g. an empty 2xx body where a value
    /// was expected).
    case invalidResponse(reason: String)
    /// The request could not be built, e.g. the environment's base URL is not a URL.
    case invalidRequest(reason: String)

    /// The HTTP status, for server errors.
    public var status: Int? {
        if case .server(let status, _) = self { return status }
        return nil
    }

    /// The server's error body, for server errors.
    public var serverMessage: ExposureErrorMessage? {
        if case .server(_, let message) = self { return message }
        return nil
    }

    /// A one-line explanation, leading with the server's message (e.g. `NOT_ENTITLED`) when there is one.
    public var description: String {
        switch self {
        case .server(let status, let message):
            let detail = message.extendedMessage.map { ": \($0)" } ?? ""
            return "\(message.message) (HTTP \(status))\(detail)"
        case .decoding(let error, let body):
            return "unexpected response body (\(Self.explain(error))): \(Self.preview(body))"
        case .transport(let error):
            return "transport failure: \(error.localizedDescription)"
        case .invalidResponse(let reason):
            return "invalid response: \(reason)"
        case .invalidRequest(let reason):
            return "invalid request: \(reason)"
        }
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
            return context.debugDescription
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
