import ExposureModels
import Foundation
import MockPlatformTesting
import Testing

/// Who may reach `/_mock/`: open on loopback, token-only with `--admin-token`, absent on a
/// network-facing mock without a token.
@Suite struct AdminAccessTests {
    @Test func decision() {
        #expect(AdminAccess.forBinding(host: "127.0.0.1", token: nil) == .open)
        #expect(AdminAccess.forBinding(host: "::1", token: nil) == .open)
        #expect(AdminAccess.forBinding(host: "0.0.0.0", token: nil) == .disabled)
        #expect(AdminAccess.forBinding(host: "192.168.1.10", token: nil) == .disabled)
        #expect(AdminAccess.forBinding(host: "0.0.0.0", token: "s3cret") == .token("s3cret"))
        #expect(AdminAccess.forBinding(host: "127.0.0.1", token: "s3cret") == .token("s3cret"))
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
