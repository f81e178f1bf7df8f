import Foundation

/// A ready-to-send Exposure call: every builder ends in one, and ``request`` runs it
/// (`try await call.request()`).
public protocol ExposureRequest: ExposureCallbackStyle {
    /// What a successful call returns.
    associatedtype Response: Sendable

    /// The backend to call.
    var environment: Environment { get }
    /// What carries the call.
    var transport: any HTTPTransport { get }
    /// The call itself.
    var endpoint: Endpoint { get }

    /// Turns a 2xx body into the response. Throw `DecodingError` for a body of the wrong shape.
    func decode(_ body: Data) throws -> Response

    /// The call to send, once what it depends on is known: ``endpoint`` itself, unless the call
    /// must first ask the server for something (a program's asset, say).
    func resolvedEndpoint() async throws(ExposureError) -> Endpoint

    /// The HTTP request this call sends, built from ``endpoint`` without asking the server
    /// anything; a call that must ask first throws instead (``resolvedTransportRequest()`` asks).
    func transportRequest() throws(ExposureError) -> TransportRequest
}

/// A decoded value together with the HTTP response it came from (status, headers, raw body).
public struct ExposureResponse<Value: Sendable>: Sendable {
    /// The decoded value.
    public var value: Value
    /// The response as received.
    public var raw: TransportResponse

    /// A response.
    public init(value: Value, raw: TransportResponse) {
        self.value = value
        self.raw = raw
    }
}

extension ExposureRequest where Response: Decodable {
    /// Decodes the body with ``ExposureJSON``; an empty body is an invalid response, not JSON.
    public func decode(_ body: Data) throws -> Response { try decodeJSONBody(Response.self, body) }
}

/// Decodes a 2xx body; an empty one is an invalid response rather than a JSON syntax error.
func decodeJSONBody<Value: Decodable>(_ type: Value.Type, _ body: Data) throws -> Value {
    guard !body.isEmpty else {
        throw ExposureError.serialization(
            reason: .jsonSerialization(error: ExposureCallFailure.invalidResponse(reason: "empty body, expected \(Value.self)")))
    }
    return try ExposureJSON.decode(type, from: body)
}

extension ExposureRequest {
    /// ``endpoint``: most calls depend on nothing else.
    public func resolvedEndpoint() async throws(ExposureError) -> Endpoint { endpoint }

    /// The HTTP request this call sends: ``endpoint``'s.
    public func transportRequest() throws(ExposureError) -> TransportRequest {
        try endpoint.transportRequest(in: environment)
    }

    /// The HTTP request this call sends, once what it depends on is known (``resolvedEndpoint()``).
    public func resolvedTransportRequest() async throws(ExposureError) -> TransportRequest {
        try await resolvedEndpoint().transportRequest(in: environment)
    }

    /// Sends the call and decodes the answer: `try await call.request()`.
    ///
    /// A property holding the function rather than a method, so that an untyped
    /// `let value = try await call.request()` in top-level code (`main.swift`) resolves here too:
    /// Swift 6.3 type-checks a top-level `let`'s initializer as synchronous code, where it ranks
    /// the callback form's `request()` method (``ExposureCallbackStyle``) above any `async` method
    /// of the same name, but not above a property.
    public var request: @Sendable () async throws(ExposureError) -> Response {
        { () async throws(ExposureError) -> Response in try await self.response().value }
    }

    /// Sends the call and returns the decoded value with the raw response, for callers that
    /// want headers or the body exactly as the server wrote it.
    public func response() async throws(ExposureError) -> ExposureResponse<Response> {
        let request = try await resolvedTransportRequest()
        let raw: TransportResponse
        do {
            raw = try await transport.send(request)
        } catch let error as ExposureError {
            throw error
        } catch {
            throw .generalError(error: error)
        }
        guard raw.isSuccess else {
            throw .exposureResponse(reason: ErrorBody.message(status: raw.status, body: raw.body))
        }
        do {
            return ExposureResponse(value: try decode(raw.body), raw: raw)
        } catch let error as ExposureError {
            throw error
        } catch let error as DecodingError {
            throw .decodingFailure(error, body: raw.body)
        } catch {
            throw .invalidResponse(reason: "\(error)")
        }
    }
}

/// A call with a fixed endpoint and nothing left to configure, e.g. a login or a single asset.
public struct ExposureCall<Response: Sendable>: ExposureRequest {
    /// The backend to call.
    public let environment: Environment
    /// What carries the call.
    public let transport: any HTTPTransport
    /// The call itself.
    public let endpoint: Endpoint
    private let decoder: @Sendable (Data) throws -> Response

    init(
        environment: Environment, transport: any HTTPTransport, endpoint: Endpoint,
        decoder: @escaping @Sendable (Data) throws -> Response
    ) {
        self.environment = environment
        self.transport = transport
        self.endpoint = endpoint
        self.decoder = decoder
    }

    /// Decodes with the decoder the endpoint was built with.
    public func decode(_ body: Data) throws -> Response { try decoder(body) }
}

extension ExposureCall where Response: Decodable {
    /// A call whose answer is JSON decoded as `Response` (the other SDK modules' endpoints, such as
    /// the Downloads API, build theirs with it).
    public init(environment: Environment, transport: any HTTPTransport, endpoint: Endpoint) {
        self.init(environment: environment, transport: transport, endpoint: endpoint) { body in
            try decodeJSONBody(Response.self, body)
        }
    }
}

extension ExposureCall where Response == Void {
    /// A call whose 2xx is all that matters, whatever its body.
    public init(environment: Environment, transport: any HTTPTransport, endpoint: Endpoint) {
        self.init(environment: environment, transport: transport, endpoint: endpoint) { _ in }
    }
}
