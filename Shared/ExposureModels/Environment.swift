import Foundation

/// Which Exposure backend to talk to: base URL, customer and business unit.
public struct Environment: Sendable, Hashable, Codable {
    /// The server root, e.g. `http://127.0.0.1:8080` (no trailing slash needed).
    public var baseUrl: String
    /// The customer, e.g. `Sandbox`.
    public var customer: String
    /// The business unit, e.g. `Dev`.
    public var businessUnit: String

    /// An environment.
    public init(baseUrl: String, customer: String, businessUnit: String) {
        self.baseUrl = baseUrl.hasSuffix("/") ? String(baseUrl.dropLast()) : baseUrl
        self.customer = customer
        self.businessUnit = businessUnit
    }

    /// The API root for a version: `{baseUrl}/{version}/customer/{cu}/businessunit/{bu}`.
    public func apiBase(_ version: APIVersion) -> String {
        "\(baseUrl)/\(version.rawValue)/customer/\(customer)/businessunit/\(businessUnit)"
    }

    /// Exposure's API versions; each endpoint lives under one (or several).
    public enum APIVersion: String, Sendable, Codable {
        case v1, v2, v3
    }
}
