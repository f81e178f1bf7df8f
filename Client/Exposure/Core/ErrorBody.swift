import Foundation

/// Reads the body of a non-2xx answer into an ``ExposureErrorMessage`` whatever it holds.
///
/// Proxies and crashed servers answer with HTML, plain text or nothing, and some Exposure
/// errors omit `httpCode`; the caller still deserves the status and the best message we can find.
enum ErrorBody {
    static func message(status: Int, body: Data) -> ExposureErrorMessage {
        let fallback = status >= 500 ? "INTERNAL_ERROR" : "UNKNOWN_ERROR"
        if let partial = try? JSONDecoder().decode(Partial.self, from: body) {
            let code = partial.httpCode ?? status
            let message = partial.message ?? (code >= 500 ? "INTERNAL_ERROR" : fallback)
            return ExposureErrorMessage(httpCode: code, message: message, extendedMessage: partial.extendedMessage)
        }
        let text = ExposureError.preview(body).trimmingCharacters(in: .whitespacesAndNewlines)
        return ExposureErrorMessage(httpCode: status, message: fallback, extendedMessage: text.isEmpty ? nil : text)
    }

    /// The error body with every key optional.
    private struct Partial: Decodable {
        var httpCode: Int?
        var message: String?
        var extendedMessage: String?
    }
}
