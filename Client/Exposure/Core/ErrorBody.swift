import Foundation

/// Reads the body of a non-2xx answer into an ``ExposureErrorMessage`` whatever it holds.
///
/// Proxies and crashed servers answer with HTML, plain text or nothing, and some Exposure
/// errors omit `httpCode`; the caller still deserves the status and the best message we can find.
package enum ErrorBody {
    /// The Exposure error a non-2xx answer of `status` with `body` stands for.
    package static func message(status: Int, body: Data) -> ExposureErrorMessage {
        if let partial = try? JSONDecoder().decode(Partial.self, from: body) {
            let code = partial.httpCode ?? status
            return ExposureErrorMessage(
                httpCode: code, message: partial.message ?? fallbackMessage(code), extendedMessage: partial.extendedMessage)
        }
        let text = ExposureError.preview(body).trimmingCharacters(in: .whitespacesAndNewlines)
        return ExposureErrorMessage(httpCode: status, message: fallbackMessage(status), extendedMessage: text.isEmpty ? nil : text)
    }

    /// What clients call an error the server did not name, as `ExposureErrorMessage` decoding does.
    private static func fallbackMessage(_ status: Int) -> String {
        status >= 500 ? "INTERNAL_ERROR" : "UNKNOWN_ERROR"
    }

    /// The error body with every key optional.
    private struct Partial: Decodable {
        var httpCode: Int?
        var message: String?
        var extendedMessage: String?
    }
}
