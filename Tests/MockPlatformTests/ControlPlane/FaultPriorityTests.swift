import ExposureModels
import Foundation
import MockPlatformTesting
import Testing

/// Which of several matching fault rules applies (`priority`, newest first among equals), rules
/// that apply to a share of requests (`probability`, seeded), changing a rule in place
/// (`PUT /_mock/faults/{id}`), and the limits on all of it.
@Suite struct FaultPriorityTests {
    private let timePath = "/v1/customer/Sandbox/businessunit/Dev/time"

    @Test func theLowestPriorityAppliesAndAmongEqualsTheNewestRule() async throws {
        try await withPlatform { _, client in
            let oldest = try await client.admin.addFault(.status(500, path: "/time$"))
            let newest = try await client.admin.addFault(.status(503, path: "/time$"))
            #expect(try await client.send("GET", timePath).status == 503, "equal priorities: the newest rule wins")
            let first = try await client.admin.addFault(.status(502, path: "/time$").withPriority(1).named("gateway"))
            #expect(try await client.send("GET", timePath).status == 502, "priority 1 beats the default 5")
            let last = try await client.admin.addFault(.status(504, path: "/time$").withPriority(9))
            let listed = try await client.admin.faults()
            #expect(listed.compactMap(\.id) == [first.id, newest.id, oldest.id, last.id].compactMap { $0 }, "listed in matching order")
            #expect(listed.first?.name == "gateway")
        }
    }

    @Test func aProbabilityDrawsTheSameFaultsAgainFromTheSameSeed() async throws {
        try await withPlatform { _, client in
            func statuses() async throws -> [Int] {
                var statuses: [Int] = []
                for _ in 0..<24 { statuses.append(try await client.send("GET", timePath).status) }
                return statuses
            }
            try await client.admin.seedFaults(7)
            try await client.admin.addFault(.status(500, path: "/time$").withProbability(0.5))
            let first = try await statuses()
            #expect(Set(first) == [200, 500], "some requests faulted, some not")
            let seeded = try await client.send("PUT", "/_mock/faults/seed", json: #"{"seed":7}"#)
            #expect(seeded.status == 200)
            #expect(try client.json(seeded.body)["seed"] as? Int == 7)
            #expect(try await statuses() == first, "the same seed: the same faults")
            try await client.admin.seedFaults(8)
            #expect(try await statuses() != first, "another seed: other draws")
        }
    }

    @Test func resetStartsTheDrawsAgainFromTheStartUpSeed() async throws {
        let fixtures = try controlPlaneFixtures()
        let platform = try await MockPlatform.start(fixtures: fixtures.directory, faultSeed: 11)
        defer { platform.stop() }
        let client = ControlPlaneClient(baseURL: platform.baseURL, adminToken: nil)
        func statuses() async throws -> [Int] {
            try platform.inject(FaultRule.status(500, path: "/time$").withProbability(0.3))
            var statuses: [Int] = []
            for _ in 0..<24 { statuses.append(try await client.send("GET", timePath).status) }
            return statuses
        }
        let first = try await statuses()
        #expect(try await client.send("POST", "/_mock/reset").status == 204)
        #expect(try await statuses() == first)
        try await client.admin.seedFaults(12)
        #expect(try await client.send("POST", "/_mock/reset").status == 204)
        #expect(try await statuses() == first, "a seed set since start-up is forgotten, as the clock's rate is")
        withExtendedLifetime(fixtures) {}
    }

    @Test func zeroNeverAppliesAndOneAlwaysDoes() async throws {
        try await withPlatform { _, client in
            try await client.admin.addFault(.status(500, path: "/time$").withProbability(1))
            try await client.admin.addFault(.status(503, path: "/time$").withProbability(0))
            for _ in 0..<5 { #expect(try await client.send("GET", timePath).status == 500) }
        }
    }

    @Test func putChangesARuleInPlaceAndItsCountersStartAfresh() async throws {
        try await withPlatform { _, client in
            let rule = try await client.admin.addFault(.status(500, path: "/time$"))
            let id = try #require(rule.id)
            #expect(try await client.send("GET", timePath).status == 500)
            let changed = try await client.admin.updateFault(id: id, to: .status(429, path: "/time$", times: 2).named("busy"))
            #expect(changed.id == id)
            #expect(changed.hits == 0)
            #expect(changed.remaining == 2)
            #expect(try await client.send("GET", timePath).status == 429)
            #expect(try await client.admin.faults().map(\.name) == ["busy"])
            let unknown = try await client.send("PUT", "/_mock/faults/fault-999", json: #"{"path":"/x","status":500}"#)
            #expect(unknown.status == 404)
            #expect(try client.json(unknown.body)["message"] as? String == "UNKNOWN_FAULT")
            let bad = try await client.send("PUT", "/_mock/faults/\(id)", json: #"{"path":"/x","status":500,"probability":2}"#)
            #expect(bad.status == 400)
            #expect(try await client.admin.faults().map(\.status) == [429], "a refused change leaves the rule as it was")
        }
    }

    @Test(arguments: [
        (#"{"path":"/x","status":500,"probability":1.5}"#, "probability"),
        (#"{"path":"/x","status":500,"probability":-0.1}"#, "probability"),
        (#"{"path":"/x","status":500,"priority":-1}"#, "priority"), (#"{"path":"/x","status":100}"#, "status"),
        (#"{"path":"/x","status":199}"#, "status"), (#"{"path":"/x","status":600}"#, "status")
    ])
    func anOutOfRangeValueIs400NamingTheField(_ body: String, _ field: String) async throws {
        try await withSharedPlatform { _, client in
            let answer = try await client.send("POST", "/_mock/faults", json: body)
            #expect(answer.status == 400)
            let error = try client.json(answer.body)
            #expect(error["message"] as? String == "INVALID_FAULT")
            #expect((error["extendedMessage"] as? String)?.hasPrefix(field) == true)
            #expect(try await client.admin.faults().isEmpty)
        }
    }

    @Test func aNegativeSeedIs400NamingIt() async throws {
        try await withPlatform { _, client in
            let answer = try await client.send("PUT", "/_mock/faults/seed", json: #"{"seed":-1}"#)
            #expect(answer.status == 400)
            #expect((try client.json(answer.body)["extendedMessage"] as? String)?.hasPrefix("seed") == true)
        }
    }

    @Test func pastTheCapANewRuleIs409() async throws {
        try await withPlatform { platform, client in
            for index in 0..<FaultInjector.capacity { try platform.inject(.status(500, path: "^/nothing/\(index)$")) }
            let answer = try await client.send("POST", "/_mock/faults", json: #"{"path":"/time$","status":500}"#)
            #expect(answer.status == 409)
            #expect(try client.json(answer.body)["message"] as? String == "TOO_MANY_FAULTS")
            #expect(platform.faults.count == FaultInjector.capacity)
            #expect(try await client.send("GET", timePath).status == 200)
        }
    }
}
