import Exposure
import ExposureAnalytics
import ExposureModels
import Foundation
import MockPlatformTesting
import Testing

/// Analytics end to end against a real mock on 127.0.0.1:0: what arrives, exactly once.
@Suite struct AnalyticsDispatcherTests {
    static func dispatcher(
        clock: any WallClock, outbox: AnalyticsOutbox? = nil, enabled: Bool = true, baseUrlOverride: String? = nil,
        currentToken: @escaping @Sendable () -> SessionToken? = { nil }
    ) throws -> AnalyticsDispatcher {
        AnalyticsDispatcher(
            configuration: .init(enabled: enabled, baseUrlOverride: baseUrlOverride, reporting: testReporting),
            outbox: try outbox ?? AnalyticsOutbox.inMemory(), clock: clock, currentToken: currentToken)
    }

    /// `dispatcher`'s reporter of the playback `entitlement` allows (under `sessionId` when given).
    static func begin(
        _ dispatcher: AnalyticsDispatcher, _ entitlement: PlaybackEntitlement, token: SessionToken, on platform: MockPlatform,
        sessionId: String? = nil
    ) async throws -> PlaySessionReporter {
        try #require(
            await dispatcher.beginSession(
                playSessionId: sessionId ?? entitlement.playSessionId, environment: platform.environment, sessionToken: token,
                settings: entitlement.analytics))
    }

    /// A short VOD session: Created … Completed, with one heartbeat.
    static func play(_ reporter: PlaySessionReporter, clock: ManualClock) async {
        reporter.record(.created(autoPlay: true, playMode: .vod, target: .asset(id: "city-lights")))
        reporter.record(.handshakeStarted(target: .asset(id: "city-lights")))
        reporter.record(.playerReady)
        reporter.record(.started(mediaLocator: "http://x/master.m3u8", videoLengthMs: 5_400_000, bitrateKbps: 800), offset: .zero)
        clock.advance(by: .milliseconds(61_000))
        reporter.catchUp()
        reporter.record(.paused, offset: .milliseconds(61_000))
        reporter.record(.completed, offset: .milliseconds(61_000))
        // Returns once everything is acknowledged, however long the tries take on a loaded machine:
        // the bound only limits retries, which the mock never needs here.
        await reporter.finish(timeout: .seconds(120))
    }

    @Test func aPlaybackArrivesInOrderWithEveryFieldAndBreaksNoRule() async throws {
        let platform = try await MockPlatform.start()
        defer { platform.stop() }
        let clock = testClock()
        let (token, entitlement) = try await startPlayback("city-lights", on: platform)
        let reporter = try #require(
            await Self.dispatcher(clock: clock).beginSession(
                playSessionId: entitlement.playSessionId, environment: platform.environment, sessionToken: token,
                settings: entitlement.analytics, cdnVendor: "mock-cdn"))
        await Self.play(reporter, clock: clock)
        #expect(reporter.isSettled)
        let report = try #require(platform.analyticsSession(entitlement.playSessionId))
        #expect(report.problems == [], "\(report.problems.map(\.message))")
        #expect(report.ended == .completed)
        let events = (report.events ?? []).map(\.event)
        #expect(
            events.map(\.eventType) == [
                "Playback.Created", "Device.Info", "Playback.HandshakeStarted", "Playback.PlayerReady", "Playback.Started",
                "Playback.Heartbeat", "Playback.Paused", "Playback.Completed"
            ])
        #expect(events.map(\.sequenceNumber) == (1...8).map { Int64($0) })
        #expect(
            events.allSatisfy {
                $0["DeviceId"] == .string("device-1") && $0["StreamingTechnology"] == .string("HLS")
                    && $0["AnalyticsPostInterval"] == .integer(60) && $0["CDNVendor"] == .string("mock-cdn") && $0["Player"] != nil
            })
        #expect(events[0]["AssetId"] == .string("city-lights") && events[0]["PlayMode"] == .string("vod") && events[0]["Version"] != nil)
        #expect(events[1]["AppName"] == .string("SampleApp") && events[1]["AppVersion"] == .string("2.1"))
        #expect(events[4]["MediaLocator"] == .string("http://x/master.m3u8") && events[4]["Bitrate"] == .integer(800))
        #expect(events[5].timestamp == events[4].timestamp + 60_000, "the heartbeat comes a post interval after the last event")
        #expect(platform.playSessions(accountId: "acc-premium").first?.endReason == "Playback.Completed", "the stream slot is free")
    }

    @Test func disabledOrSampledOutSendsNothing() async throws {
        let platform = try await MockPlatform.start()
        defer { platform.stop() }
        let clock = testClock()
        let off = try Self.dispatcher(clock: clock, enabled: false)
        #expect(await off.beginSession(playSessionId: "p", environment: platform.environment, sessionToken: nil, settings: nil) == nil)
        let on = try Self.dispatcher(clock: clock)
        let never = AnalyticsSettings(postInterval: 60, percentage: 0)
        #expect(await on.beginSession(playSessionId: "p", environment: platform.environment, sessionToken: nil, settings: never) == nil)
        #expect(platform.requests(pathPrefix: "/v2/customer/Sandbox/businessunit/Dev/eventsink").isEmpty)
    }

    @Test func analyticsBaseUrlSendsEveryBatchToAnotherEventSink() async throws {
        let platform = try await MockPlatform.start()
        let other = try await MockPlatform.start()
        defer {
            platform.stop()
            other.stop()
        }
        let clock = testClock()
        let (token, entitlement) = try await startPlayback("city-lights", on: platform)
        // The second mock accepts the first one's token once its user has logged in there too.
        let theirs = try await Authenticate(environment: other.environment).login(username: "premium", password: "sandbox").request()
        let dispatcher = try Self.dispatcher(
            clock: clock, baseUrlOverride: other.environment.baseUrl, currentToken: { theirs.sessionToken })
        let reporter = try await Self.begin(dispatcher, entitlement, token: token, on: platform)
        await Self.play(reporter, clock: clock)
        #expect(other.analyticsSession(entitlement.playSessionId)?.eventCount == 8)
        #expect(platform.analyticsSession(entitlement.playSessionId) == nil)
    }

    @Test func everyEventArrivesExactlyOnceThrough503sDropsAndTruncatedAnswers() async throws {
        let platform = try await MockPlatform.start()
        defer { platform.stop() }
        // A clock that moves when waited on: the test's steps, then `finish`'s retry pauses,
        // take no real time.
        let clock = VirtualClock(start: testClock().now)
        let (token, entitlement) = try await startPlayback("city-lights", on: platform)
        let reporter = try await Self.begin(Self.dispatcher(clock: clock), entitlement, token: token, on: platform)
        let send = "/eventsink/send$"
        try platform.inject(.status(503, path: send, times: 3))
        reporter.record(.created(autoPlay: true, playMode: .vod, target: .asset(id: "city-lights")))
        reporter.record(.started(mediaLocator: "m", videoLengthMs: nil, bitrateKbps: nil), offset: .zero)
        var sent = 2
        // 30 s of playback in 1-s steps: each step may retry, each heartbeat adds an event.
        for _ in 0..<30 {
            try await clock.sleep(for: .seconds(1))
            reporter.catchUp()
        }
        try platform.inject(.dropConnection(path: send, times: 2))
        try platform.inject(.truncate(afterBytes: 10, path: send, times: 2))
        for second in 0..<200 {
            try await clock.sleep(for: .seconds(1))
            if second % 20 == 0 {
                reporter.record(.bitrateChanged(bitrateKbps: 400 + second), offset: .seconds(second))
                sent += 1
            }
            reporter.catchUp()
        }
        reporter.record(.completed, offset: .milliseconds(230_000))
        await reporter.finish(timeout: .seconds(120))
        let report = try #require(platform.analyticsSession(entitlement.playSessionId))
        let heartbeats = report.heartbeats
        #expect(report.eventCount == sent + heartbeats + 1 + 1, "Created, Device.Info, what was recorded, the heartbeats and Completed")
        #expect(report.problems.filter { $0.rule != .heartbeatInterval } == [], "\(report.problems.map(\.message))")
        #expect(report.ended == .completed)
        let sends = platform.requests(pathPrefix: "/v2/customer/Sandbox/businessunit/Dev/eventsink/send")
        #expect(sends.filter { $0.faultId != nil }.count == 7, "every fault was hit: 3 × 503, 2 drops, 2 truncations")
        #expect(report.duplicatesDropped > 0, "a truncated answer's batch had arrived: its retry was dropped by the platform")
        let numbers = (report.events ?? []).compactMap(\.event.sequenceNumber)
        #expect(numbers == (1...Int64(numbers.count)).map { $0 }, "nothing lost, nothing doubled")
    }

    @Test func eventsLeftInTheOutboxAreSentByTheNextRunOnce() async throws {
        let platform = try await MockPlatform.start()
        defer { platform.stop() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("analytics-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("outbox.sqlite")
        let clock = testClock()
        let (token, entitlement) = try await startPlayback("city-lights", on: platform)
        try platform.inject(.status(503, path: "/eventsink/send$"))
        do {
            let outbox = try AnalyticsOutbox(url: file)
            let first = try Self.dispatcher(clock: clock, outbox: outbox)
            let reporter = try await Self.begin(first, entitlement, token: token, on: platform)
            reporter.record(.created(autoPlay: true, playMode: .vod, target: .asset(id: "city-lights")))
            reporter.record(.started(mediaLocator: "m", videoLengthMs: nil, bitrateKbps: nil), offset: .zero)
            reporter.record(.aborted, offset: .milliseconds(1_000))
            await reporter.finish(timeout: .zero)
            #expect(!reporter.isSettled)
            // The outbox queues its writes, and what is asked of it next sees them: asked here, they
            // are on disk before the next run opens the file (else that run may look too early).
            #expect(try outbox.pendingEventCount() == 4)
        }
        platform.removeFaults()
        #expect(platform.analyticsSession(entitlement.playSessionId) == nil)
        let reopened = try AnalyticsOutbox(url: file)
        #expect(try reopened.pendingEventCount() == 4)
        let second = try Self.dispatcher(clock: clock, outbox: reopened)
        #expect(await second.flushPending() == .init(sent: 4, waiting: 0))
        #expect(await second.flushPending() == .init(sent: 0, waiting: 0), "nothing is sent twice")
        #expect(try reopened.pendingEventCount() == 0)
        let report = try #require(platform.analyticsSession(entitlement.playSessionId))
        #expect(report.eventCount == 4 && report.duplicatesDropped == 0 && report.ended == .aborted)
    }

    @Test func finishWithNoTimeLeftStillSendsWhatFollowsATryThatSucceeded() async throws {
        let platform = try await MockPlatform.start()
        defer { platform.stop() }
        let clock = testClock()
        let (token, entitlement) = try await startPlayback("city-lights", on: platform)
        let reporter = try await Self.begin(Self.dispatcher(clock: clock), entitlement, token: token, on: platform)
        reporter.record(.created(autoPlay: true, playMode: .vod, target: .asset(id: "city-lights")))
        reporter.record(.started(mediaLocator: "m", videoLengthMs: nil, bitrateKbps: nil), offset: .zero)
        clock.advance(by: .milliseconds(3_000))
        reporter.catchUp()  // the first batch leaves; Completed waits behind it while it travels
        reporter.record(.completed, offset: .milliseconds(3_000))
        await reporter.finish(timeout: .zero)
        #expect(reporter.isSettled, "the deadline only bounds retries, and nothing failed")
        #expect(platform.analyticsSession(entitlement.playSessionId)?.eventCount == 4)
    }

    @Test func finishTriesAtOnceWhenFailuresDuringPlaybackPutTheNextRetryPastItsTimeout() async throws {
        let platform = try await MockPlatform.start()
        defer { platform.stop() }
        // A clock that moves when waited on: finish's retry pause takes no real time.
        let clock = VirtualClock(start: testClock().now)
        let (token, entitlement) = try await startPlayback("city-lights", on: platform)
        let reporter = try await Self.begin(Self.dispatcher(clock: clock), entitlement, token: token, on: platform)
        let sends = "/v2/customer/Sandbox/businessunit/Dev/eventsink/send"
        try platform.inject(.status(503, path: "/eventsink/send$", times: 5))
        reporter.record(.created(autoPlay: true, playMode: .vod, target: .asset(id: "city-lights")))
        reporter.record(.aborted, offset: .zero)  // terminal: its batch leaves at once, and fails
        // Waits for that try (or, had it failed already, makes one): a try per step, each failing.
        await reporter.finish(timeout: .zero)
        // Playback goes on retrying on the session's backoff: 1 s, 2 s, 4 s.
        for wait in [1, 2, 4] {
            try await clock.sleep(for: .seconds(wait))
            reporter.catchUp()
            await reporter.finish(timeout: .zero)
        }
        #expect(platform.requests(pathPrefix: sends).count >= 4)
        #expect((reporter.nextWake?.millisecondsSince1970 ?? 0) - clock.nowMs >= 8_000, "the session's next retry is past finish's 5 s")
        await reporter.finish()
        #expect(reporter.isSettled, "finish tried at once (and, after a fifth 503, again a second later)")
        #expect(platform.requests(pathPrefix: sends).count == 6)
        #expect(platform.analyticsSession(entitlement.playSessionId)?.eventCount == 3)
    }

    @Test func aCancelledFinishStopsRetrying() async throws {
        let platform = try await MockPlatform.start()
        defer { platform.stop() }
        let clock = testClock()
        let (token, entitlement) = try await startPlayback("city-lights", on: platform)
        try platform.inject(.status(503, path: "/eventsink/send$"))
        let reporter = try await Self.begin(Self.dispatcher(clock: clock), entitlement, token: token, on: platform)
        reporter.record(.created(autoPlay: true, playMode: .vod, target: .asset(id: "city-lights")))
        reporter.record(.aborted, offset: .zero)
        let finishing = Task { await reporter.finish(timeout: .seconds(600)) }
        finishing.cancel()
        await finishing.value
        #expect(!reporter.isSettled)
        #expect(
            platform.requests(pathPrefix: "/v2/customer/Sandbox/businessunit/Dev/eventsink/send").count == 1,
            "only the try already on its way: a cancelled pause retries nothing")
    }

    @Test func aFlushWithNoTimeLeftSendsEverySessionToAHealthyEventSinkAndTriesAFailingOneOnce() async throws {
        let platform = try await MockPlatform.start()
        defer { platform.stop() }
        let clock = testClock()
        let (token, entitlement) = try await startPlayback("city-lights", on: platform)
        let outbox = try AnalyticsOutbox.inMemory()
        let sends = "/v2/customer/Sandbox/businessunit/Dev/eventsink/send"
        try platform.inject(.status(503, path: "/eventsink/send$"))
        do {
            let earlierRun = try Self.dispatcher(clock: clock, outbox: outbox)
            for run in 1...3 {
                let reporter = try await Self.begin(
                    earlierRun, entitlement, token: token, on: platform,
                    sessionId: "\(entitlement.playSessionId)-run\(run)")
                reporter.record(.created(autoPlay: true, playMode: .vod, target: .asset(id: "city-lights")))
                reporter.record(.aborted, offset: .zero)
                await reporter.finish(timeout: .zero)
            }
        }
        #expect(try outbox.pendingEventCount() == 9, "three sessions of Created, Device.Info and Aborted")
        let dispatcher = try Self.dispatcher(clock: clock, outbox: outbox)
        let triedBefore = platform.requests(pathPrefix: sends).count
        // The session tried first is given up after the flushes it may fail; the two never tried
        // count no failed flush, and wait.
        for _ in 1..<AnalyticsDispatcher.flushAttempts {
            #expect(await dispatcher.flushPending(timeout: .zero) == .init(sent: 0, waiting: 9))
        }
        #expect(
            platform.requests(pathPrefix: sends).count == triedBefore + AnalyticsDispatcher.flushAttempts - 1,
            "after a failure, no try starts past the deadline")
        #expect(await dispatcher.flushPending(timeout: .zero) == .init(sent: 0, waiting: 6))
        platform.removeFaults()
        #expect(await dispatcher.flushPending(timeout: .zero) == .init(sent: 6, waiting: 0), "tries that succeed go on")
        #expect(try outbox.pendingEventCount() == 0)
    }

    @Test func eventsNoEventSinkWillTakeAreGivenUpAfterTwentyFlushes() async throws {
        let platform = try await MockPlatform.start()
        let clock = testClock()
        let (token, entitlement) = try await startPlayback("city-lights", on: platform)
        let outbox = try AnalyticsOutbox.inMemory()
        let dispatcher = try Self.dispatcher(clock: clock, outbox: outbox)
        let reporter = try #require(
            dispatcher.beginOfflineSession(
                playSessionId: entitlement.playSessionId, playback: 1, environment: platform.environment, sessionToken: token,
                settings: entitlement.analytics))
        reporter.record(.created(autoPlay: true, playMode: .offline, target: .asset(id: "city-lights")))
        platform.stop()  // nobody listens on that port any more: every try fails at once
        for _ in 1..<AnalyticsDispatcher.flushAttempts {
            #expect(await dispatcher.flushOfflineAnalytics() == .init(sent: 0, waiting: 2))
        }
        #expect(await dispatcher.flushOfflineAnalytics() == .init(sent: 0, waiting: 0))
        #expect(try outbox.pendingEventCount() == 0)
    }

    @Test func aRejectedTokenIsReplacedByTheRenewedOne() async throws {
        let platform = try await MockPlatform.start()
        defer { platform.stop() }
        let clock = testClock()
        let (token, entitlement) = try await startPlayback("city-lights", on: platform)
        let expired = SessionToken(value: "not-a-valid-token")
        let dispatcher = try Self.dispatcher(clock: clock, currentToken: { token })
        let reporter = try #require(
            await dispatcher.beginSession(
                playSessionId: entitlement.playSessionId, environment: platform.environment, sessionToken: expired,
                settings: entitlement.analytics))
        await Self.play(reporter, clock: clock)
        #expect(platform.analyticsSession(entitlement.playSessionId)?.eventCount == 8)
    }

    @Test func offlinePlaybackWaitsForTheFlush() async throws {
        let platform = try await MockPlatform.start()
        defer { platform.stop() }
        let clock = testClock()
        let (token, entitlement) = try await startPlayback("city-lights", on: platform)
        let dispatcher = try Self.dispatcher(clock: clock)
        let reporter = try #require(
            dispatcher.beginOfflineSession(
                playSessionId: entitlement.playSessionId, playback: 2, environment: platform.environment, sessionToken: token,
                settings: entitlement.analytics))
        #expect(reporter.sessionId == entitlement.playSessionId + "_2")
        reporter.record(.created(autoPlay: true, playMode: .offline, target: .asset(id: "city-lights")))
        clock.advance(by: .milliseconds(600_000))
        reporter.catchUp()
        reporter.record(.completed, offset: .milliseconds(600_000))
        #expect(platform.analyticsSession(reporter.sessionId) == nil, "nothing goes out while offline")
        await reporter.finish()
        #expect(await dispatcher.flushPending() == .init(sent: 0, waiting: 0), "only flushOfflineAnalytics sends offline sessions")
        #expect(platform.analyticsSession(reporter.sessionId) == nil)
        let flushed = await dispatcher.flushOfflineAnalytics()
        #expect(flushed.waiting == 0)
        let report = try #require(platform.analyticsSession(reporter.sessionId))
        #expect(report.eventCount == 2 + 10 + 1, "Created, Device.Info, ten heartbeats, Completed")
        #expect(report.events?.allSatisfy { $0.clockOffset == 0 } == true)
    }
}
