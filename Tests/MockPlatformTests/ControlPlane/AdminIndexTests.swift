import ExposureModels
import Foundation
import HTTPServer
import Testing

@testable import MockPlatform

/// `GET /_mock/`, the admin API's own description, and what every admin answer looks like to a
/// browser: CORS as on the Exposure API, numbers as numbers.
@Suite struct AdminIndexTests {
    let mock: InProcessPlatform

    init() throws { mock = try InProcessPlatform() }

    @Test func theIndexListsEveryAdminEndpointWithALine() throws {
        let index = try mock.json(AdminIndex.self, .get, "/_mock/")
        #expect(index.version == ProductVersion.line(program: "exposure-mock"))
        let listed = index.endpoints.map { "\($0.method) \($0.path)" }
        #expect(listed.first == "GET /_mock")
        #expect(Set(listed) == Set(AdminIndex.descriptions.keys), "every endpoint is listed, and no description is left over")
        #expect(listed.count == AdminIndex.descriptions.count)
        #expect(index.endpoints.allSatisfy { !$0.description.isEmpty && !$0.description.contains("\n") })
        #expect(listed.contains("GET /_mock/health") && listed.contains("DELETE /_mock/faults/{id}"))
        #expect(mock.send(.get, "/_mock").body == mock.send(.get, "/_mock/").body)
    }

    @Test func aBrowserAskingForHTMLGetsAPage() {
        let page = mock.send(.get, "/_mock/", headers: [("Accept", "text/html,application/xhtml+xml,*/*;q=0.8")])
        #expect(page.status == 200)
        #expect(page.headers["Content-Type"] == "text/html; charset=utf-8")
        let html = String(decoding: page.body, as: UTF8.self)
        #expect(html.hasPrefix("<!doctype html>") && html.contains("<code>/_mock/faults/{id}</code>"))
        #expect(mock.send(.get, "/_mock/", headers: [("Accept", "*/*")]).headers["Content-Type"] == "application/json")
    }

    @Test func healthCarriesTheVersion() throws {
        let health = try mock.json(HealthReport.self, .get, "/_mock/health")
        #expect(health.version == ProductVersion.number && health.commit == ProductVersion.commit)
    }

    @Test func aReloadAnswersItsCountsAsNumbers() throws {
        let answer = mock.send(.post, "/_mock/fixtures/reload")
        #expect(answer.status == 200)
        let object = try #require(try JSONSerialization.jsonObject(with: answer.body) as? [String: Any])
        #expect(object["assets"] as? Int == 16 && object["channels"] as? Int == 3 && object["users"] as? Int == 2)
        #expect(object["directory"] as? String == mock.platform.control.fixturesDirectory.path)
    }

    @Test func theAdminAPIAnswersCORSPreflightsAsTheExposureAPIDoes() {
        let preflight = mock.send(
            .options, "/_mock/clock",
            headers: [
                ("Origin", "http://localhost:5173"), ("Access-Control-Request-Method", "PUT"),
                ("Access-Control-Request-Headers", "content-type")
            ])
        #expect(preflight.status == 204)
        #expect(preflight.headers["Access-Control-Allow-Origin"] == "http://localhost:5173")
        #expect(preflight.headers["Access-Control-Allow-Methods"]?.contains("PUT") == true)
        #expect(preflight.headers["Access-Control-Allow-Headers"] == "content-type")
        let health = mock.send(.get, "/_mock/health", headers: [("Origin", "http://localhost:5173")])
        #expect(health.status == 200 && health.headers["Access-Control-Allow-Origin"] == "http://localhost:5173")
    }

    @Test(arguments: [
        "https://example.com", "http://192.168.1.20:8080", "null", "http://localhost.example.com", "http://127.0.0.1.nip.io",
        "http://127.attacker.example"
    ])
    func anOpenAdminAPIRefusesPagesOfOtherOrigins(origin: String) throws {
        let preflight = mock.send(.options, "/_mock/reset", headers: [("Origin", origin), ("Access-Control-Request-Method", "POST")])
        #expect(preflight.status == 403)
        let reset = mock.send(.post, "/_mock/reset", headers: [("Origin", origin), ("Content-Type", "text/plain")])
        #expect(reset.status == 403)
        let error = try JSONDecoder().decode(ExposureErrorMessage.self, from: reset.body)
        #expect(error.message == "FORBIDDEN_ORIGIN" && error.extendedMessage?.contains(origin) == true)
        #expect(mock.send(.get, "/_mock/health", headers: [("Origin", "http://[::1]:3000")]).status == 200)
        #expect(mock.send(.get, "/v2/customer/Sandbox/businessunit/Dev/time", headers: [("Origin", origin)]).status == 200)
    }

    /// DNS rebinding: a page whose name now points at 127.0.0.1 sends no Origin on its own GETs,
    /// but its Host is still its own name.
    @Test func anOpenAdminAPIRefusesRequestsAddressedToAnotherName() {
        #expect(mock.send(.get, "/_mock/requests", headers: [("Host", "attacker.example:8080")]).status == 403)
        #expect(mock.send(.get, "/_mock/requests", headers: [("Host", "127.0.0.1.nip.io")]).status == 403)
        for host in ["127.0.0.1:8080", "localhost", "[::1]:8080", "127.1.2.3"] {
            #expect(mock.send(.get, "/_mock/health", headers: [("Host", host)]).status == 200, "\(host)")
        }
    }

    @Test func withATokenThePreflightPassesAndTheRefusalIsReadable() throws {
        let platform = try MockPlatform(
            configuration: .init(port: 0, fixturesDirectory: FixtureLoader.bundledDirectory, adminToken: "s3cret"))
        func send(_ method: HTTPMethod, _ headers: [(String, String)]) -> HTTPResponse {
            platform.responder.respond(
                to: HTTPRequest(
                    method: method, path: "/_mock/clock", rawQuery: "", headers: HTTPHeaders([("Host", "127.0.0.1")] + headers),
                    body: Data()))
        }
        let origin = ("Origin", "http://localhost:5173")
        let preflight = send(
            .options, [origin, ("Access-Control-Request-Method", "GET"), ("Access-Control-Request-Headers", "authorization")])
        #expect(preflight.status == 204 && preflight.headers["Access-Control-Allow-Headers"] == "authorization")
        let refused = send(.get, [origin])
        #expect(refused.status == 401 && refused.headers["Access-Control-Allow-Origin"] == "http://localhost:5173")
        #expect(send(.get, [origin, ("Authorization", "Bearer s3cret")]).status == 200)
    }
}
