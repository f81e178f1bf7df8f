import Foundation

/// The outcome of a call made in the seed's callback style: the value with its HTTP response,
/// or the error (a server's status and message are in it).
public struct ExposureResult<Value: Sendable>: Sendable {
    /// The decoded value; nil when the call failed.
    public let value: Value?
    /// Why the call failed; nil when it succeeded.
    public let error: ExposureError?
    /// The response as received, for a successful call.
    public let response: TransportResponse?
}

/// A call about to be sent in the seed's callback style:
///
///     FetchAsset(environment: env).list().filter(on: "TV_CHANNEL").request().validate().response {
///         if let assets = $0.value { … }
///     }
///
/// The same calls read `try await ….request()` in async code; this is the shape apps written
/// against the official SDK use. The callback runs once, on a background task.
public struct ExposureCallbackRequest<Call: ExposureRequest>: Sendable {
    let call: Call

    /// Kept for source compatibility: a non-2xx answer is always an error here, validated or not.
    public func validate() -> Self { self }

    /// Kept for source compatibility (`validate(statusCode: 200..<299)`): any non-2xx answer is
    /// an error, so ranges inside 2xx change nothing.
    public func validate(statusCode: Range<Int>) -> Self { self }

    /// Sends the call and hands the result to `callback`.
    ///
    /// - Returns: The task delivering it, for callers that want to wait.
    @discardableResult
    public func response(_ callback: @escaping @Sendable (ExposureResult<Call.Response>) -> Void) -> Task<Void, Never> {
        Task {
            do throws(ExposureError) {
                let answer = try await call.response()
                callback(ExposureResult(value: answer.value, error: nil, response: answer.raw))
            } catch {
                callback(ExposureResult(value: nil, error: error, response: nil))
            }
        }
    }
}

/// A call that can also be made in the seed's callback style; every ``ExposureRequest`` is one.
///
/// Its own protocol so that the callback form's `request()` method and ``ExposureRequest``'s
/// async ``ExposureRequest/request`` can share a name: declared in one extension they would
/// clash, and a method of the async form would lose to this one in top-level code.
public protocol ExposureCallbackStyle: Sendable {}

extension ExposureCallbackStyle where Self: ExposureRequest {
    /// The call in the seed's callback style (`.request().validate().response { … }`); in async
    /// code `try await request()` returns the value instead.
    @_disfavoredOverload
    public func request() -> ExposureCallbackRequest<Self> {
        ExposureCallbackRequest(call: self)
    }
}
