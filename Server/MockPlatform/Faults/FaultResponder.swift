import ExposureModels
import Foundation
import HTTPServer

/// Applies the first matching fault rule to a request, the way the failure would reach a client
/// in production: an error answer, a late one, none at all, a cut-off body or a slow one.
struct FaultResponder: HTTPResponder {
    /// Names the applied rule on faulted answers, so a confused test author can see why.
    static let faultHeader = "X-Mock-Fault"

    let next: any HTTPResponder
    let faults: FaultInjector

    func respond(to request: HTTPRequest) -> HTTPResponse {
        guard let rule = faults.claim(for: request) else { return next.respond(to: request) }
        var response: HTTPResponse
        if let status = rule.status {
            response = Self.errorResponse(status: status, rule: rule)
        } else if rule.drop == true {
            response = HTTPResponse(status: 503)
        } else {
            response = next.respond(to: request)
        }
        response.headers.set(Self.faultHeader, rule.id ?? "")
        let inner: HTTPResponse.Delivery.Inner =
            if rule.drop == true { .dropConnection } else if let bytes = rule.truncateAfterBytes {
                .truncated(afterBytes: bytes)
            } else if let rate = rule.bytesPerSecond { .throttled(bytesPerSecond: rate) } else { .immediate }
        if let delay = rule.delayMs, delay > 0 {
            response.delivery = .delayed(milliseconds: delay, then: inner)
        } else {
            response.delivery =
                switch inner {
                case .immediate: .immediate
                case .truncated(let bytes): .truncated(afterBytes: bytes)
                case .throttled(let rate): .throttled(bytesPerSecond: rate)
                case .dropConnection: .dropConnection
                case .streamed(let stream): .streamed(stream)
                }
        }
        return response
    }

    private static func errorResponse(status: Int, rule: FaultRule) -> HTTPResponse {
        if let body = rule.body {
            let type = body.first == "{" || body.first == "[" ? "application/json" : "text/plain; charset=utf-8"
            return HTTPResponse(status: status, headers: ["Content-Type": type], body: Data(body.utf8))
        }
        return Responses.error(
            ExposureErrorMessage(
                httpCode: status, message: rule.message ?? defaultMessage(for: status),
                extendedMessage: "Injected by mock fault \(rule.id ?? "")."))
    }

    /// The message Exposure sends with a status, so clients map the fault to their usual error.
    private static func defaultMessage(for status: Int) -> String {
        switch status {
        case 400: "INVALID_JSON"
        case 401: "INVALID_SESSION_TOKEN"
        case 403: "FORBIDDEN"
        case 404: "NOT_FOUND"
        case 429: "TOO_MANY_REQUESTS"
        case 502: "BAD_GATEWAY"
        case 503: "SERVICE_UNAVAILABLE"
        case 504: "GATEWAY_TIMEOUT"
        case 500...599: "INTERNAL_ERROR"
        default: "MOCK_FAULT"
        }
    }
}
