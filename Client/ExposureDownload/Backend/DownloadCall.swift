import Exposure
import Foundation

/// One call of the Downloads API, sent through the SDK's Exposure request machinery.
public struct DownloadCall<Response: Decodable & Sendable>: ExposureRequest {
    /// The backend to call.
    public let environment: Environment
    /// What carries the call.
    public let transport: any HTTPTransport
    /// The call itself.
    public let endpoint: Endpoint
}

/// An answer whose body the manager does not need (`DELETE …/downloads` answers a message).
public struct IgnoredBody: Decodable, Sendable {
    /// Accepts any JSON.
    public init(from decoder: any Decoder) throws {}
}
