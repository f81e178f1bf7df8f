import ExposureModels
import Foundation
import HTTPServer
import MockPlatformTesting
import Testing

@testable import MockPlatform

/// Who may reach `/_mock/`: open on loopback, token-only with `--admin-token` (the Bearer token
/// or a dashboard's session cookie), absent on a network-facing mock without a token.
@Suite struct AdminAccessTests {
    @Test func decision() {
        #expect(AdminAccess.forBinding(host: "127.0.0.1", token: nil) == .open)
        #expect(AdminAccess.forBinding(host: "::1", token: nil) == .open)
        #expect(AdminAccess.forBinding(host: "0.0.0.0", token: nil) == .disabled)
        #expect(AdminAccess.forBinding(host: "192.168.1.10", token: nil) == .disabled)
        #expect(AdminAccess.forBinding(host: "0.0.0.0", token: "s3cret") == .token("s3cret"))
        #expect(AdminAccess.forBinding(host: "127.0.0.1", token: "s3cret") == .token("s3cret"))
    }

    static func request(
        _ method: HTTPMethod = .get, _ path: String = "/_mock/clock", _ headers: [(String, String)] = [("Host", "mock.test:8080")]
    ) -> HTTPRequest {
        HTTPRequest(method: method, path: path, rawQuery: "", headers: HTTPHeaders(headers), body: Data())
    }

    @Test func theOpenAdminAPIAnswersThisMachineOnly() {
        let sessions = AdminSessions()
        let local = [("Host", "127.0.0.1:8080")]
        #expect(AdminAccess.open.admission(of: Self.request(.post, "/_mock/reset", local), sessions: sessions) == .admitted)
        let foreignPage = Self.request(.post, "/_mock/reset", local + [("Origin", "https://evil.test")])
        guard case .forbidden(let reason) = AdminAccess.open.admission(of: foreignPage, sessions: sessions) else {
            Issue.record("a foreign page was not refused")
            return
        }
        #expect(reason.contains("https://evil.test"))
        #expect(AdminAccess.open.admission(of: Self.request(.get, "/_mock/clock"), sessions: sessions) != .admitted, "a rebound name")
        #expect(AdminAccess.disabled.admission(of: Self.request(.get, "/"), sessions: sessions) == .absent)
    }

    @Test func aTokenAdmitsItsBearerAndNobodyElse() {
        let access = AdminAccess.token("s3cret")
        let sessions = AdminSessions()
        #expect(access.admission(of: Self.request(), sessions: sessions) == .needsToken)
        let wrong = Self.request(.get, "/_mock/clock", [("Authorization", "Bearer s3cre")])
        #expect(access.admission(of: wrong, sessions: sessions) == .needsToken)
        let right = Self.request(.get, "/_mock/clock", [("Authorization", "Bearer s3cret"), ("Origin", "https://app.test")])
        #expect(access.admission(of: right, sessions: sessions) == .admitted, "a Bearer caller may be any page")
        let preflight = Self.request(.options, "/_mock/clock", [("Access-Control-Request-Method", "PUT")])
        #expect(access.admission(of: preflight, sessions: sessions) == .admitted)
    }

    @Test func theDashboardsFilesAndItsSignInArePublic() {
        let access = AdminAccess.token("s3cret")
        let sessions = AdminSessions()
        for path in ["/", "/_mock/ui", "/_mock/ui/", "/_mock/ui/pages/activity.js"] {
            #expect(access.admission(of: Self.request(.get, path), sessions: sessions) == .admitted, "\(path)")
        }
        #expect(access.admission(of: Self.request(.post, "/_mock/session"), sessions: sessions) == .admitted)
        #expect(access.admission(of: Self.request(.get, "/_mock/session"), sessions: sessions) == .needsToken)
        #expect(access.admission(of: Self.request(.delete, "/_mock/session"), sessions: sessions) == .needsToken)
        #expect(access.admission(of: Self.request(.get, "/_mock/uix"), sessions: sessions) == .needsToken)
        #expect(access.admission(of: Self.request(.post, "/_mock/ui/app.js"), sessions: sessions) == .needsToken)
    }

    @Test func aSessionCookieAdmitsTheDashboardsOwnPages() {
        let access = AdminAccess.token("s3cret")
        let sessions = AdminSessions()
        let id = sessions.open(for: "s3cret")
        let cookie = ("Cookie", "theme=dark; exposure-mock-admin-8080=\(id)")
        let host = ("Host", "mock.test:8080")
        #expect(access.admission(of: Self.request(.get, "/_mock/events", [host, cookie]), sessions: sessions) == .admitted)
        let ownPage = Self.request(.post, "/_mock/reset", [host, cookie, ("Origin", "http://mock.test:8080")])
        #expect(access.admission(of: ownPage, sessions: sessions) == .admitted)
        // Another port of the same host is the same site: SameSite=Strict sends the cookie along.
        let samesite = Self.request(.post, "/_mock/reset", [host, cookie, ("Origin", "http://mock.test:5173")])
        guard case .forbidden = access.admission(of: samesite, sessions: sessions) else {
            Issue.record("a page of another origin used the cookie")
            return
        }
        let embedded = Self.request(.get, "/_mock/requests", [host, cookie, ("Sec-Fetch-Site", "same-site")])
        #expect(access.admission(of: embedded, sessions: sessions) != .admitted, "a <script src> of a page on another port")
        let ownFetch = Self.request(.get, "/_mock/requests", [host, cookie, ("Sec-Fetch-Site", "same-origin")])
        #expect(access.admission(of: ownFetch, sessions: sessions) == .admitted)
        let unknown = Self.request(.get, "/_mock/events", [host, ("Cookie", "exposure-mock-admin-8080=\(id)x")])
        #expect(access.admission(of: unknown, sessions: sessions) == .needsToken)
        let elsewhere = Self.request(.get, "/_mock/events", [host, ("Cookie", "other=\(id)")])
        #expect(access.admission(of: elsewhere, sessions: sessions) == .needsToken, "only the mock's own cookie counts")
    }

    @Test func aSessionEndsWithSigningOutAnotherTokenOrAnotherProcess() {
        let sessions = AdminSessions()
        let id = sessions.open(for: "s3cret")
        let request = Self.request(.get, "/_mock/clock", [("Cookie", "exposure-mock-admin=\(id)")])
        #expect(AdminAccess.token("s3cret").admission(of: request, sessions: sessions) == .admitted)
        #expect(AdminAccess.token("changed").admission(of: request, sessions: sessions) == .needsToken, "the token changed")
        #expect(AdminAccess.token("s3cret").admission(of: request, sessions: AdminSessions()) == .needsToken, "a restarted mock")
        sessions.close([id])
        #expect(AdminAccess.token("s3cret").admission(of: request, sessions: sessions) == .needsToken, "signed out")
    }

    @Test func theOldestSessionsGiveWayToNewOnes() {
        let sessions = AdminSessions()
        let first = sessions.open(for: "t")
        let second = sessions.open(for: "t")
        for _ in 2..<AdminSessions.capacity { _ = sessions.open(for: "t") }
        #expect(sessions.admits([first], token: "t") && sessions.admits([second], token: "t"))
        _ = sessions.open(for: "t")
        #expect(!sessions.admits([first], token: "t") && sessions.admits([second], token: "t"))
    }

    @Test func theCookieIsHttpOnlyStrictAndScopedToTheAdminAPI() {
        let plain = Self.request(.post, "/_mock/session", [("Host", "127.0.0.1:8080")])
        #expect(AdminSessions.cookie("abc", for: plain) == "exposure-mock-admin-8080=abc; Path=/_mock; HttpOnly; SameSite=Strict")
        let secure = HTTPRequest(
            method: .delete, path: "/_mock/session", rawQuery: "", headers: HTTPHeaders([("Host", "localhost")]), body: Data(),
            scheme: "https")
        #expect(
            AdminSessions.cookie(nil, for: secure) == "exposure-mock-admin=; Path=/_mock; HttpOnly; SameSite=Strict; Secure; Max-Age=0")
        #expect(
            AdminSessions.ids(in: Self.request(.get, "/", [("Cookie", "a=1; exposure-mock-admin=x;exposure-mock-admin-9=y")])) == ["x", "y"]
        )
    }

    @Test func allInterfacesWithoutATokenHasNoAdminAPI() async throws {
        try await withNetworkPlatform(adminToken: nil) { client in
            let answer = try await client.send("GET", "/_mock/health")
            #expect(answer.status == 404)
            #expect(try await client.send("PUT", "/_mock/clock", json: #"{"offsetMs":100000000}"#).status == 404)
            let time = try client.json(try await client.send("GET", client.api("v1", "/time")).body)
            let skew = try #require(time["epochMillis"] as? Int) - Int(Date().timeIntervalSince1970 * 1000)
            #expect(abs(skew) < 60_000, "the clock was not moved")
        }
    }

    @Test func allInterfacesWithATokenRequiresIt() async throws {
        try await withNetworkPlatform(adminToken: "s3cret") { client in
            let missing = try await client.send("GET", "/_mock/health")
            #expect(missing.status == 401)
            #expect(missing.headers["www-authenticate"] == "Bearer")
            #expect(try await client.send("GET", "/_mock/health", token: "wrong").status == 401)
            #expect(try await client.send("GET", "/_mock/health", token: "s3cret").status == 200)
            var admin = client
            admin.adminToken = "s3cret"
            #expect(try await admin.admin.health().status == "ok")
            await #expect { try await client.admin.health() } throws: { ($0 as? MockAdminError)?.status == 401 }
            #expect(try await client.send("GET", client.api("v1", "/time")).status == 200, "the Exposure API needs no admin token")
        }
    }

    private func withNetworkPlatform(adminToken: String?, _ body: (ControlPlaneClient) async throws -> Void) async throws {
        let fixtures = try controlPlaneFixtures()
        let platform = try MockPlatform(
            configuration: .init(host: "0.0.0.0", port: 0, fixturesDirectory: fixtures.directory, adminToken: adminToken))
        try platform.start()
        defer { platform.stop() }
        try await body(ControlPlaneClient(baseURL: "http://127.0.0.1:\(platform.port)"))
    }
}
