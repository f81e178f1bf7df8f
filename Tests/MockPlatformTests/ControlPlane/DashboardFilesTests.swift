import ExposureModels
import Foundation
import HTTPServer
import MockPlatformTesting
import TestSupport
import Testing

@testable import MockPlatform

/// The web dashboard's static files at `/` and `/_mock/ui/…`: the repository's `Dashboard/`
/// folder, typed by extension, with ETag and `Cache-Control: no-cache`, nothing outside the
/// folder, served to anyone the admin API's access rule lets sign in.
@Suite struct DashboardFilesTests {
    /// The committed dashboard, found from this file (Tests/MockPlatformTests/ControlPlane/ → the root).
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Dashboard")

    let mock: InProcessPlatform

    init() throws { mock = try InProcessPlatform() }

    @Test func theStartPageIsServedAtTheRootAndUnderTheUIPath() throws {
        let index = try Data(contentsOf: Self.folder.appendingPathComponent("index.html"))
        for path in ["/", "/_mock/ui", "/_mock/ui/", "/_mock/ui/index.html"] {
            let answer = mock.send(.get, path)
            #expect(answer.status == 200, "\(path)")
            #expect(answer.headers["Content-Type"] == "text/html; charset=utf-8", "\(path)")
            #expect(answer.headers["Cache-Control"] == "no-cache", "\(path)")
            #expect(answer.body == index, "\(path)")
        }
    }

    @Test(arguments: [
        ("style.css", "text/css; charset=utf-8"), ("app.js", "text/javascript; charset=utf-8"),
        ("pages/catalog.js", "text/javascript; charset=utf-8")
    ])
    func filesAreTypedByTheirExtension(file: String, contentType: String) throws {
        let answer = mock.send(.get, "/_mock/ui/" + file)
        #expect(answer.status == 200)
        #expect(answer.headers["Content-Type"] == contentType)
        #expect(answer.headers["X-Content-Type-Options"] == "nosniff")
        #expect(answer.body == (try Data(contentsOf: Self.folder.appendingPathComponent(file))))
    }

    @Test func anUnchangedFileIsNotSentAgain() throws {
        let first = mock.send(.get, "/_mock/ui/app.js")
        let tag = try #require(first.headers["ETag"])
        #expect(tag.hasPrefix("\"") && tag.hasSuffix("\""))
        #expect(mock.send(.get, "/_mock/ui/app.js").headers["ETag"] == tag, "the tag is the bytes', the same each time")
        for ifNoneMatch in [tag, "W/" + tag, "\"other\", " + tag, "*"] {
            let again = mock.send(.get, "/_mock/ui/app.js", headers: [("If-None-Match", ifNoneMatch)])
            #expect(again.status == 304, "\(ifNoneMatch)")
            #expect(again.body.isEmpty && again.headers["ETag"] == tag)
        }
        #expect(mock.send(.get, "/_mock/ui/app.js", headers: [("If-None-Match", "\"other\"")]).status == 200)
        #expect(mock.send(.get, "/_mock/ui/style.css").headers["ETag"] != tag, "another file, another tag")
    }

    @Test func theTagIsFNV1aOfTheBytes() {
        #expect(DashboardFiles.entityTag(of: Data()) == "\"cbf29ce484222325\"")
        #expect(DashboardFiles.entityTag(of: Data("a".utf8)) == "\"af63dc4c8601ec8c\"")
        #expect(!DashboardFiles.matches(nil, "\"a\""))
        #expect(!DashboardFiles.matches("\"ab\"", "\"a\""))
    }

    @Test(arguments: [
        "/_mock/ui/nothing.html", "/_mock/ui/../Fixtures/catalog/platform.json", "/_mock/ui/pages/../app.js",
        "/_mock/ui/./app.js", "/_mock/ui/pages", "/_mock/ui/%2e%2e/README.md", "/_mock/ui/..%2FREADME.md",
        "/_mock/ui/app.js\u{0}.png", "/_mock/ui/..\\README.md"
    ])
    func nothingOutsideTheFolderNorAnUnknownFileIsServed(path: String) {
        let answer = mock.send(.get, path)
        #expect(answer.status == 404)
        #expect(answer.headers["Content-Type"] == "application/json")
        let error = mock.error(of: answer)
        #expect(error.httpCode == 404 && error.message == "NOT_FOUND")
    }

    @Test func anEncodedTraversalOverTheSocketIsRefused() async throws {
        let platform = try await MockPlatform.start()
        defer { platform.stop() }
        let client = ControlPlaneClient(baseURL: platform.baseURL)
        #expect(try await client.send("GET", "/_mock/ui/%2e%2e/README.md").status == 404)
        #expect(try await client.send("GET", "/_mock/ui/%2E%2E%2FREADME.md").status == 404)
        let page = try await client.send("GET", "/")
        #expect(page.status == 200 && page.headers["content-type"] == "text/html; charset=utf-8")
    }

    @Test func withoutTheDashboardFolderTheAnswerSaysWhereItWasLookedFor() throws {
        let empty = TemporaryFolder("no-data")
        let platform = try InProcessPlatform(dataFolder: empty.url)
        let answer = platform.send(.get, "/")
        #expect(answer.status == 404)
        #expect(platform.error(of: answer).extendedMessage?.contains(empty.url.appendingPathComponent("Dashboard").path) == true)
    }

    /// The dashboard, the OpenAPI document and the schemas come from the mock's own data folder,
    /// not from beside the fixtures it serves (`--fixtures ~/mine` on an installed mock).
    @Test func withFixturesOfItsOwnTheMockStillServesTheDashboardAndItsDocuments() async throws {
        let sandbox = try FixtureSandbox()
        let platform = try await MockPlatform.start(fixtures: sandbox.directory)
        defer { platform.stop() }
        let client = ControlPlaneClient(baseURL: platform.baseURL)
        let data = BundledFixtures.dataFolder
        for (path, file) in [
            ("/", "Dashboard/index.html"), ("/_mock/ui/app.js", "Dashboard/app.js"), ("/_mock/openapi.json", "docs/openapi.json"),
            ("/_mock/schemas/assets.schema.json", "docs/schemas/assets.schema.json")
        ] {
            let answer = try await client.send("GET", path)
            #expect(answer.status == 200, "\(path)")
            #expect(answer.body == (try Data(contentsOf: data.appendingPathComponent(file))), "\(path)")
        }
    }

    @Test func theDashboardIsNotJournaled() throws {
        _ = mock.send(.get, "/")
        _ = mock.send(.get, "/_mock/ui/app.js")
        #expect(mock.platform.control.journal.entries().isEmpty)
    }

    /// The files hold no data and include the sign-in page, so a mock with a token serves them to
    /// anyone; a network-facing mock without one has no dashboard at all.
    @Test func theDashboardFollowsTheAdminAccessRule() throws {
        func platform(host: String, token: String?) throws -> MockPlatform {
            try MockPlatform(
                configuration: .init(host: host, port: 0, fixturesDirectory: FixtureLoader.bundledDirectory, adminToken: token))
        }
        func status(_ platform: MockPlatform, _ path: String) -> Int {
            let headers = HTTPHeaders([("Host", "example.test")])
            return platform.responder.respond(to: HTTPRequest(method: .get, path: path, rawQuery: "", headers: headers, body: Data()))
                .status
        }
        let network = try platform(host: "0.0.0.0", token: nil)
        #expect(status(network, "/") == 404 && status(network, "/_mock/ui/app.js") == 404)
        let guarded = try platform(host: "0.0.0.0", token: "s3cret")
        for path in ["/", "/_mock/ui", "/_mock/ui/app.js"] {
            #expect(status(guarded, path) == 200, "\(path)")
        }
        #expect(status(guarded, "/_mock/clock") == 401, "the data behind the pages needs the token")
        #expect(status(network, "/v1/customer/Sandbox/businessunit/Dev/time") == 200, "the Exposure API stays open")
    }
}
