import Foundation
import HTTPServer
import Testing

@Suite struct RouterTests {
    /// A router whose fallback reports 404 or 405 with the allowed methods in `Allow`.
    static func router() -> Router {
        var router = Router { _, allowed in
            guard !allowed.isEmpty else { return .text("no route", status: 404) }
            var response = HTTPResponse.text("wrong method", status: 405)
            response.headers.set("Allow", allowed.map(\.rawValue).joined(separator: ", "))
            return response
        }
        router.add(.get, "/v1/customer/{customer}/assets/{assetId}") { _, parameters in
            .text("asset \(parameters["customer"] ?? "?")/\(parameters["assetId"] ?? "?")")
        }
        router.add(.post, "/v1/customer/{customer}/assets/{assetId}") { _, _ in .text("posted", status: 201) }
        router.add(.get, "/media/{rest...}") { _, parameters in .text("file \(parameters["rest"] ?? "?")") }
        router.add(.get, "/first") { _, _ in .text("first") }
        router.add(.get, "/first") { _, _ in .text("second") }
        return router
    }

    static func respond(_ method: HTTPMethod, _ path: String) -> (Int, String, HTTPHeaders) {
        let response = router().respond(to: HTTPRequest(method: method, path: path))
        return (response.status, String(decoding: response.body, as: UTF8.self), response.headers)
    }

    @Test func capturesNamedSegments() {
        let (status, body, _) = Self.respond(.get, "/v1/customer/Sandbox/assets/abc_123")
        #expect(status == 200)
        #expect(body == "asset Sandbox/abc_123")
    }

    @Test func routesOpeningWithACaptureKeepTheirPlaceInTheOrder() {
        var router = Router { _, _ in .text("none", status: 404) }
        router.add(.get, "/a/literal") { _, _ in .text("first literal") }
        router.add(.get, "/{any}/x") { _, _ in .text("capture") }
        router.add(.get, "/a/x") { _, _ in .text("second literal") }
        router.add(.get, "/b/{rest...}") { _, parameters in .text("rest \(parameters["rest"] ?? "?")") }
        func body(_ path: String) -> String {
            String(decoding: router.respond(to: HTTPRequest(method: .get, path: path)).body, as: UTF8.self)
        }
        #expect(body("/a/literal") == "first literal")
        #expect(body("/a/x") == "capture", "registered before the literal route, so it wins")
        #expect(body("/zzz/x") == "capture")
        #expect(body("/b/1//2/") == "rest 1/2", "empty segments are squeezed out of a rest capture")
        #expect(body("/c") == "none")
    }

    @Test func restCapturesSeveralSegments() {
        #expect(Self.respond(.get, "/media/vod/a/720p/seg_1.ts").1 == "file vod/a/720p/seg_1.ts")
        #expect(Self.respond(.get, "/media/x").1 == "file x")
        #expect(Self.respond(.get, "/media").0 == 404, "a rest parameter needs at least one segment")
    }

    @Test func unknownPathIs404() {
        #expect(Self.respond(.get, "/nope").0 == 404)
        #expect(Self.respond(.get, "/v1/customer/Sandbox/assets").0 == 404)
        #expect(Self.respond(.get, "/v1/customer/Sandbox/assets/a/extra").0 == 404)
    }

    @Test func knownPathWithWrongMethodIs405() {
        let (status, _, headers) = Self.respond(.delete, "/v1/customer/Sandbox/assets/a")
        #expect(status == 405)
        #expect(headers["allow"] == "GET, POST")
    }

    @Test func methodSelectsTheHandler() {
        #expect(Self.respond(.post, "/v1/customer/S/assets/a").0 == 201)
    }

    @Test func headFallsBackToGet() {
        #expect(Self.respond(.head, "/first").1 == "first")
    }

    @Test func earlierRegistrationWins() {
        #expect(Self.respond(.get, "/first").1 == "first")
    }

    @Test func emptySegmentsAreIgnored() {
        #expect(Self.respond(.get, "//first/").1 == "first")
    }

    @Test func unknownMethodIs405OnAKnownPath() {
        #expect(Self.respond(HTTPMethod(rawValue: "brew"), "/first").0 == 405)
    }

    @Test func routerServesOverTheNetwork() async throws {
        try await withServer(responder: Self.router()) { server in
            let get = try await HTTPClient.send(port: server.port, "/v1/customer/Sandbox/assets/a1")
            #expect(get.status == 200)
            #expect(String(decoding: get.body, as: UTF8.self) == "asset Sandbox/a1")
            let missing = try await HTTPClient.send(port: server.port, "/missing")
            #expect(missing.status == 404)
            let wrong = try await HTTPClient.send("PUT", port: server.port, "/first", body: Data("x".utf8))
            #expect(wrong.status == 405)
            #expect(wrong.headers["Allow"] as? String == "GET")
            let media = try await HTTPClient.send(port: server.port, "/media/a%20b/c.ts")
            #expect(String(decoding: media.body, as: UTF8.self) == "file a b/c.ts")
        }
    }
}
