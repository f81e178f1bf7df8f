import ExposureModels
import Foundation
import MockPlatformTesting
import Testing

@testable import MockPlatform

/// A request no route takes is answered with the nearest routes and what differs, and listed at
/// `GET /_mock/requests/unmatched` (WireMock's near-miss report): one test per kind of near miss.
@Suite struct NearMissTests {
    private let play = "GET /v2/customer/{customer}/businessunit/{businessUnit}/entitlement/{assetId}/play"

    @Test func aWrongAPIVersionNamesTheRouteAndTheVersionItServes() async throws {
        try await withPlatform { _, client in
            let answer = try await client.send("GET", "/v1/customer/Sandbox/businessunit/Dev/entitlement/arctic-journey/play")
            #expect(answer.status == 404)
            let body = try client.json(answer.body)
            #expect(body["message"] as? String == "NOT_FOUND")
            #expect((body["extendedMessage"] as? String)?.contains("Nearest: \(play) (API version v1 instead of v2)") == true)
            let unmatched = try await Self.unmatched(client)
            #expect(unmatched.map(\.nearMisses) == [[NearMiss(route: play, differences: ["API version v1 instead of v2"])]])
            #expect(unmatched.first?.status == 404)
            #expect(unmatched.first?.path == "/v1/customer/Sandbox/businessunit/Dev/entitlement/arctic-journey/play")
        }
    }

    @Test func aMisspeltSegmentNamesItsPlaceAndTheWordExpected() async throws {
        try await withPlatform { _, client in
            let answer = try await client.send("GET", client.api("v1", "/content/asets"))
            #expect(answer.status == 404)
            let message = try client.json(answer.body)["extendedMessage"] as? String
            #expect(
                message?.contains(
                    "GET /v1/customer/{customer}/businessunit/{businessUnit}/content/asset (path segment 7 'asets' instead of 'asset')")
                    == true)
        }
    }

    @Test func anotherMethodIsNamedBesideTheOtherDifferences() async throws {
        try await withPlatform { _, client in
            #expect(try await client.send("POST", client.api("v1", "/time")).status == 405, "the path is known: 405 with Allow")
            let answer = try await client.send("DELETE", client.api("v1", "/tme"))
            #expect(answer.status == 404)
            let unmatched = try await Self.unmatched(client)
            #expect(unmatched.map(\.status) == [405, 404])
            #expect(
                unmatched.first?.nearMisses.first?.differences == ["method POST instead of GET"],
                "a method-only miss is listed too")
            #expect(
                unmatched.last?.nearMisses.first
                    == NearMiss(
                        route: "GET /v1/customer/{customer}/businessunit/{businessUnit}/time",
                        differences: ["path segment 6 'tme' instead of 'time'", "method DELETE instead of GET"]))
        }
    }

    @Test func aWrongBusinessUnitNamesTheOneThePlatformServes() async throws {
        try await withPlatform { _, client in
            let answer = try await client.send("GET", "/v1/customer/Sandbox/businessunit/Prod/time")
            #expect(answer.status == 404)
            let body = try client.json(answer.body)
            #expect(body["message"] as? String == "UNKNOWN_BUSINESS_UNIT")
            #expect(
                body["extendedMessage"] as? String
                    == "This platform serves customer Sandbox, business unit Dev; the request named customer Sandbox, business unit Prod.")
        }
    }

    @Test func aPathNothingResemblesNamesNoRoute() async throws {
        try await withPlatform { _, client in
            let answer = try await client.send("GET", "/nothing/like/any/route/at/all/here/or/there")
            #expect(
                try client.json(answer.body)["extendedMessage"] as? String == "No endpoint at /nothing/like/any/route/at/all/here/or/there."
            )
            #expect(try await Self.unmatched(client).map(\.nearMisses) == [[]])
            #expect(try await client.send("POST", "/_mock/reset").status == 204)
            #expect(try await Self.unmatched(client).isEmpty, "reset forgets them")
        }
    }

    @Test func theListKeepsTheLastHundred() {
        let unmatched = UnmatchedRequests()
        for index in 0..<(UnmatchedRequests.capacity + 5) {
            unmatched.record(UnmatchedRequest(timestamp: "", method: "GET", path: "/\(index)", status: 404, nearMisses: []))
        }
        #expect(unmatched.list().count == UnmatchedRequests.capacity)
        #expect(unmatched.list().first?.path == "/5")
    }

    private static func unmatched(_ client: ControlPlaneClient) async throws -> [UnmatchedRequest] {
        let answer = try await client.send("GET", "/_mock/requests/unmatched")
        #expect(answer.status == 200)
        return try ExposureJSON.decode(UnmatchedPage.self, from: answer.body).requests
    }
}
