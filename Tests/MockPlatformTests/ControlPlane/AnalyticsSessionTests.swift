import Clocks
import ExposureModels
import Foundation
import MockPlatformTesting
import Testing

/// Nothing counted twice, and every play session's reporting checked: over real HTTP.
@Suite struct AnalyticsSessionTests {
    @Test func aRetriedBatchIsRecordedAndAppliedOnce() async throws {
        try await withPlatform { platform, client in
            let token = try await client.login("basic")
            let sessionId = try #require(try await client.play("city-lights", token: token).body["playSessionId"] as? String)
            let batch: [(String, Int64?)] = [("Playback.Created", nil), ("Playback.Started", 0), ("Playback.Heartbeat", 60_000)]
            #expect(try await client.sendEvents(batch, sessionId: sessionId, token: token) == 200)
            #expect(try await client.sendEvents(batch, sessionId: sessionId, token: token) == 200, "a retry is acknowledged")
            #expect(try await client.admin.analytics(sessionId: sessionId).map(\.event.sequenceNumber) == [1, 2, 3])
            let report = try await client.admin.analyticsSession(id: sessionId)
            #expect(report.duplicatesDropped == 3)
            #expect(report.eventCount == 3)
            #expect(report.ended == .open)
            #expect(report.problems == [])
            // A retried terminal event ends the session once, and a late retry of an older position
            // does not move the bookmark back.
            #expect(
                try await client.sendEvents(
                    [("Playback.Completed", 90_000)], sessionId: sessionId, token: token,
                    timestamp: 1_800_000_090_000, firstSequenceNumber: 4) == 200)
            _ = try await client.sendEvents(batch, sessionId: sessionId, token: token)
            #expect(platform.context.state.bookmarks(accountId: "acc-basic")["city-lights"]?.offset == .milliseconds(90_000))
            let ended = try #require(platform.analyticsSession(sessionId))
            #expect(ended.ended == .completed)
            #expect(ended.duplicatesDropped == 6)
        }
    }

    @Test func sessionsAreListedSummarisedAndEachHasItsTimeline() async throws {
        try await withPlatform { platform, client in
            let token = try await client.login("premium")
            let good = try #require(try await client.play("arctic-journey", token: token).body["playSessionId"] as? String)
            let bad = try #require(try await client.play("city-lights", token: token).body["playSessionId"] as? String)
            _ = try await client.sendEvents(
                [("Playback.Created", nil), ("Playback.Started", 0), ("Playback.Completed", 5_000)],
                sessionId: good, token: token)
            _ = try await client.sendEvents([("Playback.Paused", 0), ("Playback.Aborted", 0)], sessionId: bad, token: token)
            let listed = try await client.admin.analyticsSessions()
            #expect(listed.map(\.sessionId) == [good, bad])
            #expect(listed.allSatisfy { $0.events == nil })
            #expect(listed.map(\.ended) == [.completed, .aborted])
            #expect(listed[0].problems == [])
            #expect(Set(listed[1].problems.map(\.rule)) == [.createdFirst, .startedBeforeControls])
            let detail = try await client.admin.analyticsSession(id: bad)
            #expect(detail.events?.map(\.event.eventType) == ["Playback.Paused", "Playback.Aborted"])
            #expect(platform.analyticsSessions().map(\.sessionId) == [good, bad])
            await #expect(throws: MockAdminError.self) { try await client.admin.analyticsSession(id: "never-reported") }
            #expect(try await client.send("GET", "/_mock/analytics/sessions/never-reported").status == 404)
        }
    }

    @Test func aSessionSilentForThreePostIntervalsIsReportedAsIdle() async throws {
        try await withPlatform { platform, client in
            try await client.admin.setClock(ClockUpdate(now: "2030-01-01T12:00:00.000Z", rate: 0))
            let token = try await client.login("basic")
            let sessionId = try #require(try await client.play("city-lights", token: token).body["playSessionId"] as? String)
            _ = try await client.sendEvents([("Playback.Created", nil), ("Playback.Started", 0)], sessionId: sessionId, token: token)
            #expect(platform.analyticsSession(sessionId)?.ended == .open)
            platform.advanceClock(by: .seconds(180))
            let report = try #require(platform.analyticsSession(sessionId))
            #expect(report.ended == .idleTimeout)
            #expect(report.problems.map(\.rule) == [.oneTerminalEvent])
        }
    }

    @Test func thePostIntervalIsServedInSecondsEverywhere() async throws {
        try await withPlatform { _, client in
            let token = try await client.login("basic")
            let play = try await client.play("city-lights", token: token)
            #expect((play.body["analytics"] as? [String: Any])?["postInterval"] as? Int == 60)
            for path in ["/eventsink/init", client.api("v2", "/eventsink/init")] {
                let answer = try await client.send("POST", path)
                #expect(answer.status == 200, "\(path)")
                #expect(try ExposureJSON.decode(EventSinkInitResponse.self, from: answer.body).settings.secondsUntilNextReport == 60)
            }
        }
    }
}
