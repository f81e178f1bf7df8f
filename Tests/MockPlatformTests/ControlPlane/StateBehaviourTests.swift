import Clocks
import ExposureModels
import Foundation
import MockPlatformTesting
import Testing

/// State that behaves like a real backend's: concurrent-stream limits, play-session expiry, and
/// one user never seeing or changing another's data.
@Suite struct StateBehaviourTests {
    @Test func basicUserMayPlayOneStreamAtATime() async throws {
        try await withPlatform { _, client in
            let token = try await client.login("basic")
            let first = try await client.play("city-lights", token: token)
            #expect(first.status == 200)
            let second = try await client.play("harbour-tales-s1e1", token: token)
            #expect(second.status == 403)
            #expect(second.body["message"] as? String == "CONCURRENT_STREAMS_LIMIT_REACHED")
            #expect(second.body["httpCode"] as? Int == 403)
            let otherDevice = try await client.login("basic")
            #expect(
                try await client.play("harbour-tales-s1e1", token: otherDevice).status == 403, "the limit is per account, not per session")
            let sessionId = try #require(first.body["playSessionId"] as? String)
            _ = try await client.sendEvents([("Playback.Aborted", 1_000)], sessionId: sessionId, token: token)
            #expect(try await client.play("harbour-tales-s1e1", token: token).status == 200)
        }
    }

    @Test func premiumUserMayPlayThree() async throws {
        try await withPlatform { _, client in
            let token = try await client.login("premium")
            for asset in ["arctic-journey", "city-lights", "harbour-tales-s1e1"] {
                #expect(try await client.play(asset, token: token).status == 200)
            }
            #expect(try await client.play("behind-the-scenes", token: token).status == 403)
        }
    }

    @Test func aSilentPlaySessionExpiresInPlatformTime() async throws {
        try await withPlatform { platform, client in
            try await client.admin.setClock(ClockUpdate(now: "2030-01-01T12:00:00.000Z", rate: 0))
            let token = try await client.login("basic")
            let first = try await client.play("city-lights", token: token)
            let sessionId = try #require(first.body["playSessionId"] as? String)
            try await client.admin.setClock(ClockUpdate(now: "2030-01-01T12:04:00.000Z", rate: 0))
            _ = try await client.sendEvents([("Playback.Heartbeat", 240_000)], sessionId: sessionId, token: token)
            // The fixtures' post interval is 60 s: three of them without an event end the session.
            try await client.admin.setClock(ClockUpdate(now: "2030-01-01T12:06:59.000Z", rate: 0))
            #expect(try await client.play("harbour-tales-s1e1", token: token).status == 403, "a heartbeat 2:59 ago keeps the slot")
            try await client.admin.setClock(ClockUpdate(now: "2030-01-01T12:07:00.000Z", rate: 0))
            #expect(try await client.play("harbour-tales-s1e1", token: token).status == 200, "three silent post intervals free it")
            let listed = try await client.admin.playSessions(accountId: "acc-basic")
            #expect(listed.count == 2)
            #expect(listed.map(\.active) == [false, true])
            #expect(platform.playSessions(accountId: "acc-premium").isEmpty)
        }
    }

    @Test func usersNeverSeeOrChangeEachOthersData() async throws {
        try await withPlatform { platform, client in
            let basic = try await client.login("basic")
            let premium = try await client.login("premium")
            let basicPlay = try #require(try await client.play("city-lights", token: basic).body["playSessionId"] as? String)
            _ = try await client.sendEvents([("Playback.Heartbeat", 111_000)], sessionId: basicPlay, token: basic)
            // premium reports on basic's play session: recorded as premium's, changes nothing of basic's.
            _ = try await client.sendEvents(
                [("Playback.Heartbeat", 999_000), ("Playback.Completed", 999_000)], sessionId: basicPlay, token: premium)
            #expect(platform.context.state.bookmarks(accountId: "acc-basic")["city-lights"]?.offset == .milliseconds(111_000))
            #expect(platform.context.state.bookmarks(accountId: "acc-premium")["city-lights"] == nil)
            #expect(try await client.play("harbour-tales-s1e1", token: basic).status == 403, "basic's session was not ended by premium")

            let premiumOffsets = try client.json(
                try await client.send(
                    "GET", client.api("v1", "/userplayhistory/lastviewedoffset"), token: premium
                ).body)
            let premiumAssets = ((premiumOffsets["items"] as? [[String: Any]]) ?? []).compactMap { $0["assetId"] as? String }
            #expect(premiumAssets == ["arctic-journey", "harbour-tales-s1e2"], "only premium's own (fixture) bookmarks")
            let basicOffsets = try client.json(
                try await client.send(
                    "GET", client.api("v1", "/userplayhistory/lastviewedoffset"), token: basic
                ).body)
            #expect(((basicOffsets["items"] as? [[String: Any]]) ?? []).compactMap { $0["assetId"] as? String } == ["city-lights"])
        }
    }
}
