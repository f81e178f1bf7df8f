import Clocks
import Foundation
import HTTPServer

/// Reports every request, the admin API's included, as a ``RequestLogEntry``: the outermost step
/// of the pipeline, so the entry carries the request id, the fault and the delay the client saw.
struct RequestLogResponder: HTTPResponder {
    let next: any HTTPResponder
    let context: PlatformContext
    let log: @Sendable (RequestLogEntry) -> Void

    func respond(to request: HTTPRequest) -> HTTPResponse {
        let arrived = WallTime.systemNow
        let started = ContinuousClock.now
        let response = next.respond(to: request)
        let handling = ContinuousClock.now - started
        let (delay, delivery) = JournalResponder.describe(response.delivery)
        log(
            RequestLogEntry(
                time: arrived, method: request.method.rawValue, path: request.path, query: request.rawQuery,
                status: delivery == "dropped" ? nil : response.status, bytes: response.body.count,
                duration: handling + delay, requestId: response.headers[RequestID.header],
                accountId: context.accountId(of: request, at: context.clock.now),
                faultId: response.headers[FaultResponder.faultHeader]))
        return response
    }
}
