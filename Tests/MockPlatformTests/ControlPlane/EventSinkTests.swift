import Clocks
import ExposureModels
import Foundation
import MockPlatformTesting
import Testing

/// EventSink and ad beacons: recorded for tests, and feeding bookmarks and play sessions.
@Suite struct EventSinkTests {
    @Test func initAnswersTheServerClockWithoutAuth() async throws {
        try await withPlatform { _, client in
            try await client.admin.setClock(ClockUpdate(now: "2030-05-05T05:05:05.005Z", rate: 0))
            let answer = try await client.send("POST", "/eventsink/init")
            #expect(answer.status == 200)
            let reply = try ExposureJSON.decode(EventSinkInitResponse.self, from: answer.body)
            #expect(reply.receivedTime == 1_904_187_905_005)
            #expect(reply.repliedTime == 1_904_187_905_005)
            #expect(reply.settings.secondsUntilNextReport == 60)
            #expect(reply.settings.timestampNow == 1_904_187_905_005)
        }
    }

    @Test func batchesAreRecordedAndQueryableBySession() async throws {
        try await withPlatform { _, client in
            let token = try await client.login("premium")
            let sessionId = try #require(try await client.play("arctic-journey", token: token).body["playSessionId"] as? String)
            let status = try await client.sendEvents(
                [("Playback.Created", nil), ("Playback.Started", 0), ("Playback.Heartbeat", 30_000)], sessionId: sessionId, token: token)
            #expect(status == 200)
            // Both send paths: with the v2 prefix (above) and at the base URL.
            let unversioned = try await client.send(
                "POST", "/eventsink/send",
                json: #"""
                    {"Customer":"Sandbox","BusinessUnit":"Dev","SessionId":"\#(sessionId)","DispatchTime":1,"ClockOffset":5,
                     "Payload":[{"EventType":"Playback.BitrateChanged","Timestamp":1800000001000,"OffsetTime":31000,"Bitrate":1200}]}
                    """#, token: token)
            #expect(unversioned.status == 200)
            let events = try await client.admin.analytics(sessionId: sessionId)
            #expect(
                events.map(\.event.eventType) == ["Playback.Created", "Playback.Started", "Playback.Heartbeat", "Playback.BitrateChanged"])
            #expect(events.allSatisfy { $0.accountId == "acc-premium" })
            #expect(events.last?.event["Bitrate"] == .integer(1200), "type-specific fields are kept")
            #expect(events.last?.clockOffset == 5)
            #expect(try await client.admin.analytics(sessionId: "someone-else").isEmpty)
            #expect(try await client.admin.analytics(eventType: "Playback.Heartbeat").count == 1)
        }
    }

    /// Events are kept for tests, so each is bounded: one over `ClientActivity.maxEventBytes` of
    /// JSON is 413 naming it, and nothing of its batch is kept; one just under is kept.
    @Test func anEventOverItsSizeIs413AndItsBatchIsNotKept() async throws {
        try await withPlatform { _, client in
            let token = try await client.login("basic")
            func batch(padding: Int) -> String {
                #"""
                {"Customer":"Sandbox","BusinessUnit":"Dev","SessionId":"made-up","DispatchTime":1,"Payload":[
                 {"EventType":"Playback.Heartbeat","Timestamp":1800000000000,"SequenceNumber":1},
                 {"EventType":"Playback.Heartbeat","Timestamp":1800000000000,"SequenceNumber":2,
                  "Padding":"\#(String(repeating: "p", count: padding))"}]}
                """#
            }
            let limit = ClientActivity.maxEventBytes
            let tooLarge = try await client.send("POST", "/eventsink/send", json: batch(padding: limit), token: token)
            #expect(tooLarge.status == 413)
            #expect(try client.json(tooLarge.body)["message"] as? String == "EVENT_TOO_LARGE")
            #expect((try client.json(tooLarge.body)["extendedMessage"] as? String)?.hasPrefix("Payload[1] is ") == true)
            #expect(try await client.admin.analytics().isEmpty, "nothing of the batch is kept")
            let largest = try await client.send("POST", "/eventsink/send", json: batch(padding: limit - 200), token: token)
            #expect(largest.status == 200)
            #expect(try await client.admin.analytics().count == 2)
        }
    }

    @Test(arguments: [
        "not json", #"{"Customer":"Sandbox"}"#,
        #"{"Customer":"Sandbox","BusinessUnit":"Dev","SessionId":"s","DispatchTime":1,"Payload":[{"Timestamp":1}]}"#,
        #"{"Customer":"Sandbox","BusinessUnit":"Dev","SessionId":"s","DispatchTime":1,"Payload":[{"EventType":"Playback.Started"}]}"#,
        #"{"Customer":"Other","BusinessUnit":"Dev","SessionId":"s","DispatchTime":1,"Payload":[]}"#,
        #"{"Customer":"Sandbox","BusinessUnit":"Dev","SessionId":"","DispatchTime":1,"Payload":[]}"#
    ])
    func badBatchesAre400InvalidJSON(_ body: String) async throws {
        try await withPlatform { _, client in
            let token = try await client.login("basic")
            let answer = try await client.send("POST", "/eventsink/send", json: body, token: token)
            #expect(answer.status == 400)
            #expect(try client.json(answer.body)["message"] as? String == "INVALID_JSON")
            #expect(try await client.admin.analytics().isEmpty)
        }
    }

    @Test func sendingNeedsASession() async throws {
        try await withPlatform { _, client in
            let body = #"{"Customer":"Sandbox","BusinessUnit":"Dev","SessionId":"s","DispatchTime":1,"Payload":[]}"#
            let answer = try await client.send("POST", "/eventsink/send", json: body)
            #expect(answer.status == 401)
        }
    }

    @Test func positionsBecomeTheBookmarkServedEverywhere() async throws {
        try await withPlatform { _, client in
            let token = try await client.login("basic")
            let sessionId = try #require(try await client.play("city-lights", token: token).body["playSessionId"] as? String)
            _ = try await client.sendEvents(
                [("Playback.Started", 0), ("Playback.Heartbeat", 60_000), ("Playback.Paused", 61_500)],
                sessionId: sessionId, token: token)
            let offsets = try client.json(
                try await client.send(
                    "GET", client.api("v1", "/userplayhistory/lastviewedoffset?assetIds=city-lights"),
                    token: token
                ).body)
            let item = try #require((offsets["items"] as? [[String: Any]])?.first)
            #expect(item["lastViewedOffset"] as? Int == 61_500)
            let asset = try client.json(
                try await client.send(
                    "GET", client.api("v1", "/content/asset/city-lights?includeUserData=true"),
                    token: token
                ).body)
            #expect(((asset["userData"] as? [String: Any])?["playHistory"] as? [String: Any])?["lastViewedOffset"] as? Int == 61_500)
            _ = try await client.sendEvents(
                [("Playback.Completed", 5_700_000)], sessionId: sessionId, token: token,
                timestamp: 1_800_000_100_000, firstSequenceNumber: 4)
            let again = try await client.play("city-lights", token: token)
            #expect(again.status == 200, "Completed freed the only stream slot")
            #expect((again.body["bookmarks"] as? [String: Any])?["lastViewedOffset"] as? Int == 5_700_000)
        }
    }

    @Test func aLateBatchDoesNotRollTheBookmarkBack() async throws {
        try await withPlatform { platform, client in
            let token = try await client.login("basic")
            let sessionId = try #require(try await client.play("city-lights", token: token).body["playSessionId"] as? String)
            _ = try await client.sendEvents(
                [("Playback.Heartbeat", 90_000)], sessionId: sessionId, token: token, timestamp: 1_800_000_090_000)
            _ = try await client.sendEvents(
                [("Playback.Heartbeat", 30_000)], sessionId: sessionId, token: token,
                timestamp: 1_800_000_030_000, firstSequenceNumber: 2)
            #expect(platform.context.state.bookmarks(accountId: "acc-basic")["city-lights"]?.offset == .milliseconds(90_000))
        }
    }

    @Test func liveChannelsKeepNoBookmark() async throws {
        try await withPlatform { platform, client in
            let token = try await client.login("basic")
            let sessionId = try #require(try await client.play("kids-fun", token: token).body["playSessionId"] as? String)
            _ = try await client.sendEvents([("Playback.Heartbeat", 90_000)], sessionId: sessionId, token: token)
            #expect(platform.context.state.bookmarks(accountId: "acc-basic").isEmpty)
        }
    }

    @Test func adBeaconsAre204AndRecorded() async throws {
        try await withPlatform { _, client in
            let token = try await client.login("basic")
            let play = try await client.play("mountain-ssai", token: token)
            let clips = try #require((play.body["ads"] as? [String: Any])?["clips"] as? [[String: Any]])
            let impression = try #require((clips.first?["impressionUrlTemplates"] as? [String])?.first)
            let path = try #require(URL(string: impression)?.path)
            #expect(try await client.send("GET", path).status == 204)
            #expect(try await client.send("GET", "/ads/beacon/\(play.body["playSessionId"]!)/0/complete").status == 204)
            #expect(try await client.send("GET", "/ads/beacon/x/not-a-number/start").status == 400)
            let beacons = try await client.admin.beacons(playSessionId: play.body["playSessionId"] as? String)
            #expect(beacons.map(\.event) == ["impression", "complete"])
            #expect(beacons.map(\.clipIndex) == [0, 0])
        }
    }

    /// An event is kept for tests, so its size is bounded: a 900-KB one (300 of them once took the
    /// process from 29 to 294 MB) is refused, and what was kept is given back by a reset.
    @Test func anEventOverTheSizeLimitIs413AndResetGivesTheMemoryBack() async throws {
        try await withPlatform { platform, client in
            let token = try await client.login("premium")
            let sessionId = try #require(try await client.play("arctic-journey", token: token).body["playSessionId"] as? String)
            #expect(try await client.sendEvents([("Playback.Created", nil)], sessionId: sessionId, token: token) == 200)
            let big = String(repeating: "x", count: 900_000)
            let answer = try await client.send(
                "POST", client.api("v2", "/eventsink/send"),
                json: #"""
                    {"Customer":"Sandbox","BusinessUnit":"Dev","SessionId":"\#(sessionId)","DispatchTime":1,
                     "Payload":[{"EventType":"Playback.Heartbeat","Timestamp":1800000001000,"SequenceNumber":2,"Message":"\#(big)"}]}
                    """#, token: token)
            #expect(answer.status == 413)
            let error = try client.json(answer.body)
            #expect(error["httpCode"] as? Int == 413)
            #expect((error["extendedMessage"] as? String)?.hasPrefix("Payload[0] is 9000") == true)
            #expect(try await client.admin.analytics(sessionId: sessionId).count == 1, "nothing of the refused batch is kept")
            let before = try await client.admin.health().memory
            #expect(before.analyticsEvents.kept == 1 && before.analyticsEvents.bytes > 0)
            #expect(try await client.send("POST", "/_mock/reset").status == 204)
            let after = try await client.admin.health().memory
            #expect(after.analyticsEvents == StoreUsage(kept: 0, bytes: 0, maxKept: 50_000, maxBytes: 32 << 20))
            #expect(after.journal.kept <= 1 && after.journal.bytes < 10_000, "at most the reset's own entry")
            #expect(after.sessions == 0 && after.playSessions == 0)
        }
    }
}
