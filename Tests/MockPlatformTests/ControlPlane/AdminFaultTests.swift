import ExposureModels
import Foundation
import MockPlatformTesting
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `/_mock/faults` over HTTP, and each fault kind as a client sees it in production.
@Suite struct AdminFaultTests {
    private let timePath = "/v1/customer/Sandbox/businessunit/Dev/time"

    @Test func statusFaultAnswersAnExposureErrorBodyInsteadOfTheRealAnswer() async throws {
        try await withPlatform { _, client in
            let added = try await client.send("POST", "/_mock/faults", json: #"{"method":"GET","path":"/time$","status":503}"#)
            #expect(added.status == 201)
            let id = try #require(try client.json(added.body)["id"] as? String)
            let answer = try await client.send("GET", timePath)
            #expect(answer.status == 503)
            let body = try client.json(answer.body)
            #expect(body["httpCode"] as? Int == 503)
            #expect(body["message"] as? String == "SERVICE_UNAVAILABLE")
            #expect(answer.headers["x-mock-fault"] == id)
            #expect(try await client.send("POST", timePath).status == 405, "method GET only: a POST is not faulted")
        }
    }

    @Test func statusFaultWithOwnMessageOrRawBody() async throws {
        try await withPlatform { _, client in
            try await client.admin.addFault(.status(403, path: "/entitlement/city-lights/play$", message: "GEO_BLOCKED"))
            try await client.admin.addFault(FaultRule(path: "/time$", status: 502, body: "<html>bad gateway</html>"))
            let token = try await client.login("basic")
            let refused = try await client.play("city-lights", token: token)
            #expect(refused.status == 403)
            #expect(refused.body["message"] as? String == "GEO_BLOCKED")
            let raw = try await client.send("GET", timePath)
            #expect(raw.status == 502)
            #expect(String(decoding: raw.body, as: UTF8.self) == "<html>bad gateway</html>")
            #expect(raw.headers["content-type"]?.hasPrefix("text/plain") == true)
        }
    }

    @Test(.timeLimit(.minutes(1))) func delayHoldsTheAnswerBackUntilTheServerClockHasMovedOnThatFar() async throws {
        let clock = ManualClock()
        try await withPlatform(serverClock: clock) { platform, client in
            try await client.admin.addFault(.delay(700, path: "/time$", times: 1))
            let answer = Task { try await client.send("GET", timePath) }
            await platform.untilParked(on: clock)
            clock.advance(by: .milliseconds(699))
            #expect(platform.parkedConnections == 1, "699 ms is not enough")
            clock.advance(by: .milliseconds(1))
            let response = try await answer.value
            #expect(response.status == 200, "a delay alone keeps the real answer")
            #expect(try client.json(response.body)["epochMillis"] != nil)
        }
    }

    @Test func delayPastTheClientTimeoutIsATimeout() async throws {
        // The server clock never moves: the answer is held until the platform stops.
        try await withPlatform(serverClock: ManualClock()) { _, client in
            try await client.admin.addFault(.delay(3_000, path: "/time$", times: 1))
            // URLSession on Linux counts timeouts in whole seconds.
            await #expect { try await client.send("GET", timePath, timeoutSeconds: 1) } throws: { error in
                (error as? URLError)?.code == .timedOut
            }
        }
    }

    @Test func droppedConnectionIsANetworkErrorForTheClient() async throws {
        try await withPlatform { platform, client in
            try await client.admin.addFault(.dropConnection(path: "/time$", times: 1))
            await #expect(throws: URLError.self) { try await client.send("GET", timePath) }
            #expect(try await client.send("GET", timePath).status == 200, "times: 1 — the next request goes through")
            let dropped = try #require(platform.requests(pathPrefix: timePath).first)
            #expect(dropped.status == nil)
            #expect(dropped.delivery == "dropped")
        }
    }

    @Test func truncatedBodyIsAShortReadForTheClient() async throws {
        try await withPlatform { _, client in
            try await client.admin.addFault(.truncate(afterBytes: 10, path: "/content/asset$"))
            // Status and headers arrive, then 10 body bytes, then a reset: the client's transfer
            // fails ("transfer closed with N bytes remaining"), as when a CDN connection breaks.
            await #expect(throws: URLError.self) { try await client.send("GET", client.api("v1", "/content/asset")) }
        }
    }

    @Test(.timeLimit(.minutes(1))) func throttledBodyArrivesWholeButSlowly() async throws {
        let clock = ManualClock()
        try await withPlatform(serverClock: clock) { platform, client in
            try await client.admin.addFault(.throttle(bytesPerSecond: 10, path: "/time$"))
            let answer = Task { try await client.send("GET", timePath) }
            // The body (dozens of bytes) at 10 B/s is still held after a second of server time.
            await platform.untilParked(on: clock)
            clock.advance(by: .seconds(1))
            await platform.untilParked(on: clock)
            // Then a second at a time, each once the rest is parked again, until it is all there.
            let driver = Task {
                while !Task.isCancelled {
                    await platform.untilParked(on: clock)
                    clock.advance(by: .seconds(1))
                }
            }
            defer { driver.cancel() }
            let response = try await answer.value
            #expect(response.status == 200)
            #expect(try client.json(response.body)["epochMillis"] != nil, "every byte arrives")
            #expect(platform.requests(pathPrefix: timePath).first?.delivery == "throttled")
        }
    }

    @Test func timesCountsDownAndTheUsedUpRuleDisappears() async throws {
        try await withPlatform { _, client in
            let rule = try await client.admin.addFault(.status(500, path: "/time$", times: 2))
            #expect(rule.remaining == 2)
            #expect(try await client.send("GET", timePath).status == 500)
            let listed = try await client.admin.faults()
            #expect(listed.map(\.remaining) == [1])
            #expect(listed.map(\.hits) == [1])
            #expect(try await client.send("GET", timePath).status == 500)
            #expect(try await client.send("GET", timePath).status == 200)
            #expect(try await client.admin.faults().isEmpty)
        }
    }

    @Test func afterLetsTheFirstMatchingRequestsThrough() async throws {
        try await withPlatform { _, client in
            try await client.admin.addFault(FaultRule(path: "/time$", status: 500, after: 2, times: 1))
            var statuses: [Int] = []
            for _ in 0..<4 { statuses.append(try await client.send("GET", timePath).status) }
            #expect(statuses == [200, 200, 500, 200])
            #expect(try await client.admin.faults().isEmpty)
        }
    }

    @Test func concurrentRequestsNeverGetMoreFaultsThanTimes() async throws {
        try await withPlatform { _, client in
            try await client.admin.addFault(.status(500, path: "/time$", times: 5))
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<20 { group.addTask { try await client.send("GET", timePath).status } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses.filter { $0 == 500 }.count == 5)
            #expect(statuses.filter { $0 == 200 }.count == 15)
        }
    }

    @Test func queryAndHeaderConditionsNarrowTheMatch() async throws {
        try await withPlatform { _, client in
            try await client.admin.addFault(FaultRule(path: "/content/asset$", query: ["assetType": "MOVIE"], status: 500))
            try await client.admin.addFault(FaultRule(path: "/time$", headers: ["X-Test-Case": "*"], status: 418))
            #expect(try await client.send("GET", client.api("v1", "/content/asset?assetType=MOVIE")).status == 500)
            #expect(try await client.send("GET", client.api("v1", "/content/asset?assetType=CLIP")).status == 200)
            #expect(try await client.send("GET", timePath, headers: ["X-Test-Case": "anything"]).status == 418)
            #expect(try await client.send("GET", timePath).status == 200)
        }
    }

    @Test func listAndDeleteOneOrAll() async throws {
        try await withPlatform { _, client in
            let first = try await client.admin.addFault(.status(500, path: "^/a$"))
            let second = try await client.admin.addFault(.delay(10, path: "^/b$"))
            #expect(try await client.admin.faults().compactMap(\.id) == [second.id, first.id].compactMap { $0 }, "the newest first")
            #expect(try await client.send("DELETE", "/_mock/faults/\(first.id!)").status == 204)
            #expect(try await client.admin.faults().compactMap(\.id) == [second.id!])
            #expect(try await client.send("DELETE", "/_mock/faults/\(first.id!)").status == 404)
            #expect(try await client.send("DELETE", "/_mock/faults").status == 204)
            #expect(try await client.admin.faults().isEmpty)
        }
    }

    @Test(arguments: [
        #"{"path":"/time"}"#, #"{"path":"(","status":500}"#, #"{"path":"/x","drop":true,"status":500}"#,
        #"{"path":"/x","drop":true,"bytesPerSecond":10}"#, #"{"path":"/x","status":99}"#, #"{"path":"/x","status":500,"times":0}"#,
        #"{"path":"/x","status":500,"after":-1}"#,
        #"{"status":500}"#, #"{"path":"\#(String(repeating: "a", count: FaultRule.maximumPathLength + 1))","status":500}"#,
        #"{"path":"\#(String(repeating: "😀", count: FaultRule.maximumPathLength / 2 + 1))","status":500}"#
    ])
    func badRulesAre400(_ body: String) async throws {
        try await withSharedPlatform { _, client in
            let answer = try await client.send("POST", "/_mock/faults", json: body)
            #expect(answer.status == 400)
            #expect(try await client.admin.faults().isEmpty)
        }
    }

    @Test func aPathOfTheLongestLengthIsTaken() async throws {
        try await withPlatform { _, client in
            let path = String(repeating: "a", count: FaultRule.maximumPathLength)
            let rule = try await client.admin.addFault(.status(500, path: path))
            #expect(rule.path == path)
        }
    }

    @Test func faultsNeverTouchTheAdminAPI() async throws {
        try await withPlatform { _, client in
            try await client.admin.addFault(.dropConnection(path: ".*"))
            try await client.admin.addFault(.status(500, path: ".*"))
            #expect(try await client.send("GET", "/_mock/health").status == 200)
            #expect(try await client.send("GET", timePath).status == 500)
            try await client.admin.removeFaults()
            #expect(try await client.send("GET", timePath).status == 200)
        }
    }
}
