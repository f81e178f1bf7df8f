import Clocks
import ExposureModels
import Foundation
import MockPlatformTesting
import Testing

/// `/_mock/clock` over HTTP, and the platform following it: server time, EPG "now", the
/// program on air, the live window and session-token expiry move together.
@Suite struct AdminClockTests {
    @Test func readingHasNowOffsetAndRate() async throws {
        try await withPlatform { _, client in
            let answer = try await client.send("GET", "/_mock/clock")
            #expect(answer.status == 200)
            let body = try client.json(answer.body)
            #expect(Set(body.keys) == ["now", "offsetMs", "rate"])
            let now = try #require(body["now"] as? String)
            #expect(now.count == 24 && now.hasSuffix("Z"), "ISO-8601 with milliseconds")
            #expect(abs(try #require(body["offsetMs"] as? Int)) < 1_000)
            #expect(body["rate"] as? Double == 1)
        }
    }

    @Test func absoluteInstantFrozenMovesServerTimeExactly() async throws {
        try await withPlatform { _, client in
            let set = try await client.send("PUT", "/_mock/clock", json: #"{"now":"2030-06-01T12:34:56.789Z","rate":0}"#)
            #expect(set.status == 200)
            #expect(try client.json(set.body)["now"] as? String == "2030-06-01T12:34:56.789Z")
            let time = try client.json(try await client.send("GET", client.api("v1", "/time")).body)
            #expect(time["epochMillis"] as? Int == 1_906_547_696_789)
            #expect(time["iso8601"] as? String == "2030-06-01T12:34:56.789Z")
        }
    }

    @Test func offsetMovesServerTime() async throws {
        try await withPlatform { _, client in
            let before = try #require(try client.json(try await client.send("GET", client.api("v1", "/time")).body)["epochMillis"] as? Int)
            let state = try await client.admin.setClock(ClockUpdate(offset: .seconds(86_400)))
            #expect(state.offset >= .seconds(86_399) && state.offset <= .seconds(86_401))
            let after = try #require(try client.json(try await client.send("GET", client.api("v1", "/time")).body)["epochMillis"] as? Int)
            #expect(after - before >= 86_400_000)
        }
    }

    @Test func rateAloneKeepsTheInstant() async throws {
        try await withPlatform { _, client in
            try await client.admin.setClock(ClockUpdate(now: "2030-01-01T00:00:00.000Z", rate: 0))
            let state = try await client.admin.setClock(ClockUpdate(rate: 0))
            #expect(state.now == "2030-01-01T00:00:00.000Z")
            #expect(state.rate == 0)
        }
    }

    @Test(arguments: [
        #"{"offsetMs":1,"now":"2030-01-01T00:00:00.000Z"}"#, #"{}"#, #"{"now":"yesterday"}"#, #"{"rate":-1}"#, #"not json"#
    ])
    func badUpdatesAre400(_ body: String) async throws {
        try await withSharedPlatform { _, client in
            let answer = try await client.send("PUT", "/_mock/clock", json: body)
            #expect(answer.status == 400)
            #expect(try client.json(answer.body)["httpCode"] as? Int == 400)
        }
    }

    @Test func epgNowAndTheProgramOnAirFollowTheClock() async throws {
        try await withPlatform { _, client in
            // news-24 repeats a 30-minute grid from midnight; 10:40 is inside the 10:30 slot.
            try await client.admin.setClock(ClockUpdate(now: "2030-03-04T10:40:00.000Z", rate: 0))
            let epg = try client.json(try await client.send("GET", client.api("v1", "/epg/news-24")).body)
            let programs = try #require(epg["programs"] as? [[String: Any]])
            #expect(programs.first?["startTime"] as? String == "2030-03-04T00:00:00.000Z", "EPG 'today' is the platform's day")
            let token = try await client.login("premium")
            let entitle = try client.json(try await client.send("GET", client.api("v2", "/entitlement/news-24/entitle"), token: token).body)
            let streamInfo = try #require(entitle["streamInfo"] as? [String: Any])
            #expect(streamInfo["programId"] as? String == "news-24_203003041030")

            try await client.admin.setClock(ClockUpdate(now: "2031-01-02T23:05:00.000Z", rate: 0))
            let laterToken = try await client.login("premium")  // the first one expired on the way
            let later = try client.json(
                try await client.send("GET", client.api("v2", "/entitlement/news-24/entitle"), token: laterToken).body)
            #expect((later["streamInfo"] as? [String: Any])?["programId"] as? String == "news-24_203101022300")
        }
    }

    @Test func aSessionTokenDiesWhenTheClockPassesItsExpiry() async throws {
        try await withPlatform { _, client in
            let token = try await client.login("basic")
            let session = SessionToken(value: token)
            let expiry = try #require(session.expiration)
            #expect(try await client.send("GET", client.api("v2", "/auth/session"), token: token).status == 200)
            try await client.admin.setClock(ClockUpdate(now: ISO8601.string(from: expiry - .seconds(1)), rate: 0))
            #expect(try await client.send("GET", client.api("v2", "/auth/session"), token: token).status == 200)
            try await client.admin.setClock(ClockUpdate(now: ISO8601.string(from: expiry), rate: 0))
            let expired = try await client.send("GET", client.api("v2", "/auth/session"), token: token)
            #expect(expired.status == 401)
            #expect(try client.json(expired.body)["message"] as? String == "INVALID_SESSION_TOKEN")
        }
    }

    @Test func theLiveWindowFollowsTheClock() async throws {
        try await withPlatform { _, client in
            try await client.admin.setClock(ClockUpdate(now: "2030-03-04T10:40:01.000Z", rate: 0))
            #expect(try await lastProgramDateTime(client) == "2030-03-04T10:39:58.000Z", "the newest whole 2 s segment")
            try await client.admin.setClock(ClockUpdate(now: "2030-03-04T11:40:01.000Z", rate: 0))
            #expect(try await lastProgramDateTime(client) == "2030-03-04T11:39:58.000Z")
        }
    }

    private func lastProgramDateTime(_ client: ControlPlaneClient) async throws -> String? {
        let master = String(decoding: try await client.send("GET", "/streams/live/news-24/master.m3u8").body, as: UTF8.self)
        let variant = try #require(master.split(separator: "\n").first { !$0.hasPrefix("#") && !$0.isEmpty })
        let media = String(decoding: try await client.send("GET", "/streams/live/news-24/\(variant)").body, as: UTF8.self)
        return media.split(separator: "\n").last { $0.hasPrefix("#EXT-X-PROGRAM-DATE-TIME:") }
            .map { String($0.dropFirst("#EXT-X-PROGRAM-DATE-TIME:".count)) }
    }
}
