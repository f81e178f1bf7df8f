import ExposureModels
import Foundation
import MockPlatformTesting
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The testing library as an app's test suite uses it: start in-process, drive the control
/// plane from Swift, observe through plain HTTP the way the app would.
@Suite struct MockPlatformTestingTests {
    @Test func startServesOnLoopbackAndAFreePort() async throws {
        let fixtures = try sandbox()
        let platform = try await MockPlatform.start(fixtures: fixtures.directory)
        defer { platform.stop() }
        #expect(platform.port > 0)
        #expect(platform.baseURL == "http://127.0.0.1:\(platform.port)")
        #expect(platform.environment.customer == "Sandbox")
        #expect(try await get(platform, "/_mock/health").status == 200)
    }

    @Test func brokenFixturesThrowEveryProblem() async throws {
        let fixtures = try sandbox()
        try fixtures.remove("catalog/ads.json")
        try fixtures.write("catalog/users.json", "[{}]")
        await #expect { try await MockPlatform.start(fixtures: fixtures.directory) } throws: { error in
            let files = Set((error as? FixtureProblems)?.problems.map(\.file) ?? [])
            return files == ["catalog/ads.json", "catalog/users.json"]
        }
    }

    @Test func clockControlMovesServerTime() async throws {
        try await withPlatform { platform async throws in
            platform.setClock(to: Date(timeIntervalSince1970: 2_000_000_000), rate: 0)
            #expect(try await serverTime(platform) == 2_000_000_000_000)
            platform.advanceClock(by: .seconds(90))
            #expect(try await serverTime(platform) == 2_000_000_090_000)
            #expect(platform.now == Date(timeIntervalSince1970: 2_000_000_090))
            platform.advanceClock(by: .milliseconds(-500))
            #expect(try await serverTime(platform) == 2_000_000_089_500)
        }
    }

    @Test func freezeClockStopsTime() async throws {
        try await withPlatform { platform async throws in
            platform.freezeClock()
            let first = try await serverTime(platform)
            _ = try await get(platform, "/_mock/health")
            #expect(try await serverTime(platform) == first)
        }
    }

    @Test func injectedFaultsApplyAndAreListedAndRemoved() async throws {
        try await withPlatform { platform async throws in
            let rule = try platform.inject(.status(503, path: "/time$", times: 1))
            #expect(platform.faults.map(\.id) == [rule.id])
            #expect(try await get(platform, timePath).status == 503)
            #expect(platform.faults.isEmpty, "used up")
            try platform.inject(.dropConnection(path: "/time$"))
            await #expect(throws: URLError.self) { try await get(platform, timePath) }
            platform.removeFaults()
            #expect(try await get(platform, timePath).status == 200)
            #expect(throws: FaultRuleError.self) { try platform.inject(FaultRule(path: "/time$")) }
        }
    }

    @Test func journalAndResetFromSwift() async throws {
        try await withPlatform { platform async throws in
            platform.setClock(to: Date(timeIntervalSince1970: 1_900_000_000), rate: 0)
            _ = try await get(platform, timePath)
            _ = try await get(platform, "/v1/customer/Sandbox/businessunit/Dev/content/asset")
            #expect(platform.requests().map(\.path) == [timePath, "/v1/customer/Sandbox/businessunit/Dev/content/asset"])
            #expect(platform.requests(pathPrefix: timePath).count == 1)
            #expect(platform.requests(since: Date(timeIntervalSince1970: 1_900_000_001)).isEmpty)
            platform.reset()
            #expect(platform.requests().isEmpty)
            #expect(abs(platform.now.timeIntervalSinceNow) < 60, "the clock is back to real time")
        }
    }

    @Test func reloadFromSwiftKeepsTheOldCatalogWhenBroken() async throws {
        try await withPlatform { platform async throws in
            let broken = try sandbox()
            try broken.editJSON("catalog/assets.json") { assets in assets[0]["assetId"] = .string("") }
            #expect(throws: FixtureProblems.self) { try platform.reloadFixtures(from: broken.directory) }
            #expect(platform.context.catalog.catalog.assetsById["arctic-journey"] != nil)
        }
    }

    @Test func adminClientWorksAgainstATokenProtectedPlatform() async throws {
        let fixtures = try sandbox()
        let platform = try await MockPlatform.start(fixtures: fixtures.directory, adminToken: "t0ken")
        defer { platform.stop() }
        let admin = MockPlatformAdminClient(baseURL: platform.baseURL, token: "t0ken")
        try await admin.setClock(ClockUpdate(now: "2031-02-03T04:05:06.007Z", rate: 0))
        #expect(try await admin.clock().now == "2031-02-03T04:05:06.007Z")
        let rule = try await admin.addFault(.delay(1, path: "^/never$"))
        #expect(try await admin.faults().map(\.id) == [rule.id])
        try await admin.removeFaults(id: rule.id)
        #expect(try await admin.faults().isEmpty)
        await #expect { try await MockPlatformAdminClient(baseURL: platform.baseURL).health() } throws: {
            ($0 as? MockAdminError)?.status == 401
        }
    }

    // MARK: Helpers

    private let timePath = "/v1/customer/Sandbox/businessunit/Dev/time"

    private func sandbox() throws -> FixtureSandbox {
        let sandbox = try FixtureSandbox()
        if !FileManager.default.fileExists(atPath: sandbox.url(of: "media/media.json").path) {
            try sandbox.write(
                "media/media.json",
                """
                {"segmentDurationMs":2000,"targetDuration":2,"reel":{"durationMs":60000,"segmentCount":30},
                 "ads":[{"id":"ad-1","durationMs":6000},{"id":"ad-2","durationMs":10000},{"id":"ad-3","durationMs":4000}],
                 "sprites":[{"width":160},{"width":320}]}
                """)
        }
        return sandbox
    }

    private func withPlatform(_ body: (MockPlatform) async throws -> Void) async throws {
        let fixtures = try sandbox()
        let platform = try await MockPlatform.start(fixtures: fixtures.directory)
        defer { platform.stop() }
        try await body(platform)
    }

    private func get(_ platform: MockPlatform, _ path: String) async throws -> (status: Int, body: Data) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.connectionProxyDictionary = [:]
        let (data, response) = try await URLSession(configuration: configuration).data(from: URL(string: platform.baseURL + path)!)
        return ((response as! HTTPURLResponse).statusCode, data)
    }

    private func serverTime(_ platform: MockPlatform) async throws -> Int64 {
        try ExposureJSON.decode(ServerTime.self, from: try await get(platform, timePath).body).epochMillis
    }
}
