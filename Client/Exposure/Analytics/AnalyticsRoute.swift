import ExposureModels
import Foundation
import HTTPTypes

/// Where a play session's batches go and with what token: the EventSink at
/// `{base}/v2/customer/{cu}/businessunit/{bu}/eventsink/…`, base being the app's
/// `analyticsBaseUrl`, else the entitlement's `analytics.baseUrl`, else the Exposure base URL.
package struct AnalyticsRoute: Sendable, Equatable {
    /// The EventSink's base URL with the customer and business unit of the play session.
    package var environment: Environment
    /// The token batches are sent with (the one the entitlement was asked with).
    package var sessionToken: SessionToken?

    /// Batches of a session to `environment`'s EventSink, sent with `sessionToken`.
    package init(environment: Environment, sessionToken: SessionToken?) {
        self.environment = environment
        self.sessionToken = sessionToken
    }
}

/// `POST …/eventsink/init`: the server's clock, for the clock offset. No token.
struct EventSinkHandshake: ExposureRequest {
    typealias Response = EventSinkInitResponse
    let environment: Environment
    let transport: any HTTPTransport
    var endpoint: Endpoint { Endpoint(.post, .v2, path: ["eventsink", "init"]) }
}

/// `POST …/eventsink/send`: one batch of one play session. Any 2xx counts, whatever its body:
/// the events are the server's (a body cut short is a transport failure, and retried).
struct EventSinkSend: ExposureRequest {
    typealias Response = Data
    let environment: Environment
    let transport: any HTTPTransport
    let sessionToken: SessionToken?
    let batch: AnalyticsBatch
    var endpoint: Endpoint { Endpoint(.post, .v2, path: ["eventsink", "send"], sessionToken: sessionToken, body: batch) }
    func decode(_ body: Data) throws -> Data { body }
}

/// What became of a send, as the reporter must act on it.
enum SendOutcome: Sendable, Equatable {
    /// 2xx: the events are the server's now.
    case delivered
    /// Network failure, timeout, 5xx, 408 or 429: try again later.
    case retry
    /// 401: try again with a renewed token.
    case unauthorized
    /// Any other 4xx: the server will never take this batch; it is dropped, counted and logged.
    case rejected(status: Int)

    init(_ error: ExposureError) {
        switch error.status {
        case 401: self = .unauthorized
        case let status? where HTTPStatus.isRetryable(status): self = .retry
        case let status?: self = .rejected(status: status)
        case nil: self = .retry
        }
    }
}
