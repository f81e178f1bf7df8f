import ExposureModels
import Foundation
import HTTPServer
import MockPlatform
import MockPlatformTesting
import TestSupport
import Testing

/// docs/openapi.json describes every route the router serves and nothing else, and the mock
/// serves it at `GET /_mock/openapi.json`.
@Suite struct OpenAPIDocumentTests {
    /// The committed document, found from this file (Tests/MockPlatformTests/ → the root).
    static let documentURL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/openapi.json")

    /// `METHOD /path` of every operation in the document.
    static func documentedOperations() throws -> Set<String> {
        let document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: documentURL)) as? [String: Any])
        let paths = try #require(document["paths"] as? [String: [String: Any]])
        let methods: Set<String> = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]
        return Set(paths.flatMap { path, item in item.keys.filter(methods.contains).map { "\($0.uppercased()) \(path)" } })
    }

    /// `METHOD /path` of every registered route, a rest capture `{name...}` written `{name}` as
    /// OpenAPI writes a path parameter.
    static func routedOperations() throws -> Set<String> {
        let platform = try InProcessPlatform().platform
        return Set(
            platform.routeTable.map { route in
                "\(route.method.rawValue) \(route.pattern.replacingOccurrences(of: "...}", with: "}"))"
            })
    }

    @Test func theDocumentIsOfThisRelease() throws {
        let document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: Self.documentURL)) as? [String: Any])
        let info = try #require(document["info"] as? [String: Any])
        #expect(info["version"] as? String == ProductVersion.number)
    }

    @Test func everyRouteIsDocumented() throws {
        let undocumented = try Self.routedOperations().subtracting(Self.documentedOperations())
        #expect(undocumented.isEmpty, "routes missing from docs/openapi.json: \(undocumented.sorted())")
    }

    @Test func everyDocumentedOperationIsRouted() throws {
        let unrouted = try Self.documentedOperations().subtracting(Self.routedOperations())
        #expect(unrouted.isEmpty, "operations in docs/openapi.json no route serves: \(unrouted.sorted())")
    }

    @Test func theRouteTableListsRegistrationsAsWritten() {
        var router = Router { _, _ in HTTPResponse(status: 404) }
        router.add(.get, "/media/{path...}") { _, _ in HTTPResponse(status: 200) }
        router.add(.post, "/eventsink/send") { _, _ in HTTPResponse(status: 200) }
        #expect(router.registeredRoutes.map { "\($0.method) \($0.pattern)" } == ["GET /media/{path...}", "POST /eventsink/send"])
    }

    @Test func theMockServesTheDocument() async throws {
        let platform = try await MockPlatform.start()
        defer { platform.stop() }
        let answer = try await ControlPlaneClient(baseURL: platform.baseURL).send("GET", "/_mock/openapi.json")
        #expect(answer.status == 200)
        #expect(answer.headers["content-type"] == "application/json")
        #expect(answer.body == (try Data(contentsOf: Self.documentURL)))
    }

    @Test func withoutTheDocsFolderTheDocumentIsANotFoundError() throws {
        let empty = TemporaryFolder("no-data")
        let platform = try InProcessPlatform(dataFolder: empty.url)
        let answer = platform.send(.get, "/_mock/openapi.json")
        #expect(answer.status == 404)
        #expect(answer.headers["Content-Type"] == "application/json")
        let error = platform.error(of: answer)
        #expect(error.httpCode == 404)
        #expect(error.message == "NOT_FOUND")
        #expect(error.extendedMessage?.contains("openapi.json") == true)
    }
}
