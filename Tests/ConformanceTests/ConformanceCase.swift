import Foundation
import Testing

/// One entry of the conformance catalog: a request exactly as the official SDK forms it, sent
/// to a fresh mock, which must answer 2xx with a body the official model decodes.
struct ConformanceCase: Sendable, CustomTestStringConvertible {
    let name: String
    let run: @Sendable (ConformancePlatform) async throws -> Void

    var testDescription: String { name }

    init(_ name: String, _ run: @escaping @Sendable (ConformancePlatform) async throws -> Void) {
        self.name = name
        self.run = run
    }

    /// A case that only needs the answer to decode as `model`.
    static func decodes<Model: Decodable & Sendable>(
        _ name: String, as model: Model.Type,
        _ request: @escaping @Sendable (ConformancePlatform) async throws -> OfficialRequest
    ) -> ConformanceCase {
        ConformanceCase(name) { platform in _ = try await platform.decode(Model.self, try await request(platform)) }
    }
}
