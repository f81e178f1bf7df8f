import Foundation
import HTTPServer

/// Writes one line per request: method, path, status, bytes and time taken.
struct RequestLogResponder: HTTPResponder {
    let next: any HTTPResponder
    let log: @Sendable (String) -> Void

    func respond(to request: HTTPRequest) -> HTTPResponse {
        let started = DispatchTime.now().uptimeNanoseconds
        let response = next.respond(to: request)
        let micros = (DispatchTime.now().uptimeNanoseconds - started) / 1000
        let query = request.rawQuery.isEmpty ? "" : "?" + request.rawQuery
        let millis = String(format: "%.1f", Double(micros) / 1000)
        log("\(request.method) \(request.path)\(query) → \(response.status) \(response.body.count)B \(millis)ms")
        return response
    }
}
