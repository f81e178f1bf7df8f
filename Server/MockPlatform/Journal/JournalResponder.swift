import Clocks
import ExposureModels
import Foundation
import HTTPServer

/// Records every request it passes on, with the answer as the client got it: it sits outside
/// the fault injector so a faulted status, delay or dropped connection is what the journal shows.
/// It gives each answer its `X-Request-Id` and records the id with the request.
struct JournalResponder: HTTPResponder {
    let next: any HTTPResponder
    let journal: RequestJournal
    let context: PlatformContext

    func respond(to request: HTTPRequest) -> HTTPResponse {
        let arrived = context.clock.now
        let started = ContinuousClock.now
        var response = next.respond(to: request)
        let requestId = RequestID.stamp(&response)
        let handling = ContinuousClock.now - started
        let (delay, delivery) = Self.describe(response.delivery)
        let accountId = context.accountId(of: request, at: arrived)
        var headers: [String: String] = [:]
        for field in request.headers {
            // Compared in place: lower-casing every field name cost an allocation per header.
            if let name = RequestJournal.recordedHeaders.first(where: { HTTPHeaders.sameName($0, field.name) }),
                headers[name] == nil
            {
                headers[name] = field.value
            }
        }
        // Every field worked out before the journal's lock is taken.
        let (method, path, query, requestBytes) = (request.method.rawValue, request.path, request.rawQuery, request.body.count)
        let (status, responseBytes, faultId) = (
            delivery == "dropped" ? nil : response.status, response.body.count,
            response.headers[FaultResponder.faultHeader]
        )
        journal.record { id in
            JournalEntry(
                id: id, time: arrived, method: method, path: path, query: query, headers: headers, requestBytes: requestBytes,
                status: status, responseBytes: responseBytes, duration: handling + delay, accountId: accountId,
                faultId: faultId, delivery: delivery, requestId: requestId)
        }
        return response
    }

    /// The delay a delivery holds the answer back (in whole milliseconds, rounded down) and its
    /// name in the journal.
    static func describe(_ delivery: HTTPResponse.Delivery) -> (delay: Duration, name: String) {
        switch delivery {
        case .immediate: (.zero, "immediate")
        case .truncated: (.zero, "truncated")
        case .throttled: (.zero, "throttled")
        case .dropConnection: (.zero, "dropped")
        case .streamed: (.zero, "streamed")
        case .delayed(let delay, let then): (delay.roundedDownToMilliseconds, name(afterDelay: then))
        }
    }

    /// The journal's name of a delivery that follows a delay.
    private static func name(afterDelay then: HTTPResponse.Delivery.Inner) -> String {
        switch then {
        case .immediate: "delayed"
        case .truncated: "truncated"
        case .throttled: "throttled"
        case .dropConnection: "dropped"
        case .streamed: "streamed"
        }
    }
}
