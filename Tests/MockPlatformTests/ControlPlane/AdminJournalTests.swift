import Clocks
import ExposureModels
import Foundation
import MockPlatformTesting
import Testing

/// `/_mock/requests` over HTTP: what is recorded, the filters, and the cap.
@Suite struct AdminJournalTests {
    @Test func recordsWhatCameInAndWhatWentOut() async throws {
        try await withPlatform { _, client in
            let token = try await client.login("basic")
            _ = try await client.send(
                "GET", client.api("v1", "/content/asset?pageSize=2&assetType=MOVIE"), token: token,
                headers: ["X-Mock-Country": "SE"])
            let page = try await client.admin.requests(pathPrefix: client.api("v1", "/content"))
            let entry = try #require(page.requests.first)
            #expect(page.requests.count == 1)
            #expect(entry.method == "GET")
            #expect(entry.query == "pageSize=2&assetType=MOVIE")
            #expect(entry.status == 200)
            #expect(entry.responseBytes > 100)
            #expect(entry.accountId == "acc-basic")
            #expect(entry.headers["X-Mock-Country"] == "SE")
            #expect(entry.headers["Authorization"] == nil, "tokens are not kept, only the account")
            #expect(entry.duration >= .zero)
            let login = try #require(try await client.admin.requests(pathPrefix: client.api("v3", "/auth/login")).requests.first)
            #expect(login.method == "POST")
            #expect(login.requestBytes > 0)
            #expect(login.accountId == nil)
        }
    }

    @Test func wireShapeHasIsoTimestampAndSequentialIds() async throws {
        try await withPlatform { _, client in
            _ = try await client.send("GET", "/nowhere")
            _ = try await client.send("GET", "/nowhere/else")
            let body = try client.json(try await client.send("GET", "/_mock/requests").body)
            let requests = try #require(body["requests"] as? [[String: Any]])
            #expect(requests.compactMap { $0["id"] as? Int } == [1, 2])
            #expect(requests.compactMap { $0["status"] as? Int } == [404, 404])
            let stamp = try #require(requests.first?["timestamp"] as? String)
            #expect(ISO8601.milliseconds(from: stamp) != nil && stamp.count == 24)
            #expect(body["capacity"] as? Int == 10_000)
        }
    }

    @Test func adminRequestsAreNotJournaled() async throws {
        try await withPlatform { _, client in
            _ = try await client.admin.health()
            _ = try await client.admin.clock()
            #expect(try await client.admin.requests().requests.isEmpty)
        }
    }

    @Test func filtersBySessionSinceAndMethod() async throws {
        try await withPlatform { _, client in
            try await client.admin.setClock(ClockUpdate(now: "2030-01-01T10:00:00.000Z", rate: 0))
            let basic = try await client.login("basic")
            let premium = try await client.login("premium")
            _ = try await client.send("GET", client.api("v1", "/content/asset/city-lights"), token: basic)
            try await client.admin.setClock(ClockUpdate(now: "2030-01-01T11:00:00.000Z", rate: 0))
            _ = try await client.send("GET", client.api("v1", "/content/asset/arctic-journey"), token: premium)
            _ = try await client.send("GET", client.api("v1", "/content/asset/nordic-noir"), token: basic)

            let mine = try await client.admin.requests(accountId: "acc-basic").requests
            #expect(mine.map(\.path) == [client.api("v1", "/content/asset/city-lights"), client.api("v1", "/content/asset/nordic-noir")])
            let late = try await client.admin.requests(since: "2030-01-01T10:30:00.000Z").requests
            #expect(late.count == 2)
            #expect(late.allSatisfy { $0.time >= ISO8601.wallTime(from: "2030-01-01T10:30:00.000Z")! })
            #expect(try await client.admin.requests(method: "POST").requests.count == 2, "the two logins")
            #expect(try await client.admin.requests(limit: 1).requests.map(\.path) == [client.api("v1", "/content/asset/nordic-noir")])
            #expect(try await client.send("GET", "/_mock/requests?since=yesterday").status == 400)
        }
    }

    @Test func theCapDropsTheOldest() async throws {
        try await withPlatform(journalCapacity: 3) { _, client in
            for index in 1...5 { _ = try await client.send("GET", "/missing/\(index)") }
            let page = try await client.admin.requests()
            #expect(page.requests.map(\.path) == ["/missing/3", "/missing/4", "/missing/5"])
            #expect(page.requests.map(\.id) == [3, 4, 5])
            #expect(page.totalRecorded == 5)
            #expect(page.capacity == 3)
        }
    }

    @Test func faultedAnswersAreRecordedAsTheClientGotThem() async throws {
        try await withPlatform { _, client in
            let fault = try await client.admin.addFault(FaultRule(path: "/time$", status: 504, delay: .milliseconds(50), times: 1))
            _ = try await client.send("GET", client.api("v1", "/time"))
            _ = try await client.send("GET", client.api("v1", "/time"))
            let entries = try await client.admin.requests(pathPrefix: client.api("v1", "/time")).requests
            #expect(entries.map(\.status) == [504, 200])
            #expect(entries.map(\.faultId) == [fault.id, nil])
            #expect(entries.map(\.delivery) == ["delayed", "immediate"])
            #expect(entries[0].duration >= .milliseconds(50))
        }
    }

    @Test func clearing() async throws {
        try await withPlatform { _, client in
            _ = try await client.send("GET", "/missing")
            try await client.admin.clearRequests()
            let page = try await client.admin.requests()
            #expect(page.requests.isEmpty)
            #expect(page.totalRecorded == 0)
        }
    }
}
