import ExposureModels
import Foundation
import MockPlatformTesting
import TestSupport
import Testing

/// `exposure play` as people run it: it stops when told, reports failures on stderr with a
/// non-zero status, and `--json` prints one object per event. Clocks run at `--speed 100` so
/// a `--seconds` of playback costs a hundredth of it in real time.
@Suite(.onItsOwnQueue, .timeLimit(.minutes(2))) struct PlayCommandEndToEndTests {
    @Test func stopsAtSecondsAndPrintsOneJSONObjectPerEvent() async throws {
        let session = try await LoggedInCLI(name: "play")
        defer { try? FileManager.default.removeItem(at: session.folder) }
        let run = try await session.play(["behind-the-scenes", "--seconds", "30", "--speed", "100", "--json"])
        #expect(run.status == 0, "\(run.errors)")
        let lines = run.output.split(separator: "\n")
        let objects = try lines.map { try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        let names = objects.compactMap { $0["event"] as? String }
        #expect(names.count == lines.count)
        #expect(names.first == "entitlementResponse" && names.contains("playbackStarted"))
        // The 90-s clip is stopped once 30 s of playback clock have passed, not played to its end.
        #expect(names.last == "playbackAborted" && !names.contains("playbackCompleted"))
        let stoppedAt = try #require(objects.last?["elapsedSeconds"] as? Double)
        #expect(stoppedAt >= 30)
    }

    /// Premium may play three streams at once: each `exposure play` must end its play session
    /// (Aborted reaches the EventSink before the process exits) for the fourth to be allowed.
    @Test func playsInARowEndTheirSessionsAndAnalyticsListsThem() async throws {
        let session = try await LoggedInCLI(name: "play")
        defer { try? FileManager.default.removeItem(at: session.folder) }
        for title in ["arctic-journey", "city-lights", "harbour-tales-s1e1", "harbour-tales-s1e2"] {
            let run = try await session.play([title, "--seconds", "2", "--speed", "100"])
            #expect(run.status == 0, "\(title): \(run.errors)")
        }
        let quiet = try await session.play(["masterclass-lecture", "--seconds", "2", "--speed", "100", "--no-analytics"])
        #expect(quiet.status == 0, "\(quiet.errors)")
        let listed = try await session.run(["analytics", "--json"])
        #expect(listed.status == 0, "\(listed.errors)")
        let body = try #require(JSONSerialization.jsonObject(with: Data(listed.output.utf8)) as? [String: Any])
        let sessions = try #require(body["sessions"] as? [[String: Any]])
        #expect(sessions.count == 4, "--no-analytics sent nothing")
        #expect(sessions.allSatisfy { $0["ended"] as? String == "aborted" && ($0["problems"] as? [Any])?.isEmpty == true })
        let table = try await session.run(["analytics", try #require(sessions.first?["sessionId"] as? String)])
        #expect(table.output.contains("Playback.Created") && table.output.contains("No problems."), "\(table.output)")
    }

    /// Events stored in the outbox before a SIGKILL are sent by the next `exposure play`, once.
    @Test func analyticsOfAKilledPlaybackArriveWithTheNextRunOnce() async throws {
        let session = try await LoggedInCLI(name: "play")
        defer { try? FileManager.default.removeItem(at: session.folder) }
        try session.mock.platform.inject(.status(503, path: "/eventsink/send$"))
        let child = try session.start(["play", "city-lights", "--seconds", "600"])
        let output = await child.readOutput { $0.contains("playbackStarted") }
        #expect(output.contains("playbackStarted"), "\(output)")
        let ending = await child.end(with: SIGKILL)
        #expect(ending == .signaled(SIGKILL))
        session.mock.platform.removeFaults()
        let killed = try #require(session.mock.platform.playSessions(accountId: "acc-premium").first?.id)
        #expect(session.mock.platform.analyticsSession(killed) == nil, "nothing got through while the EventSink answered 503")
        for _ in 0..<2 {
            let next = try await session.play(["behind-the-scenes", "--seconds", "1", "--speed", "100"])
            #expect(next.status == 0, "\(next.errors)")
        }
        let report = try #require(session.mock.platform.analyticsSession(killed))
        #expect(
            report.eventCount >= 4 && report.duplicatesDropped == 0, "\(report.eventCount) events, \(report.duplicatesDropped) repeated")
        #expect(report.events?.first?.event.eventType == "Playback.Created")
    }

    @Test func aFailureExitsNonZeroWithTheErrorOnStderr() async throws {
        let session = try await LoggedInCLI(name: "play")
        defer { try? FileManager.default.removeItem(at: session.folder) }
        let run = try await session.play(["nope"])
        #expect(run.status == 1)
        #expect(run.errors.contains("UNKNOWN_ASSET"))
        #expect(!run.output.contains("UNKNOWN_ASSET"))
    }

    @Test func aRefusedSessionSaysToLogInAgain() async throws {
        let session = try await LoggedInCLI(name: "play")
        defer { try? FileManager.default.removeItem(at: session.folder) }
        let file = session.folder.appendingPathComponent("exposure/session.json")
        var saved = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        saved["sessionToken"] = "sandbox-crm|acc-premium|usr-premium|forged|1|2|false"
        try JSONSerialization.data(withJSONObject: saved).write(to: file)
        let run = try await session.play(["behind-the-scenes", "--seconds", "1"])
        #expect(run.status == 1)
        #expect(run.errors.contains("HTTP 401") && run.errors.contains("run `exposure login"), "\(run.errors)")
    }

    @Test func speedOnLiveExplainsTheLiveEdge() async throws {
        let session = try await LoggedInCLI(name: "play")
        defer { try? FileManager.default.removeItem(at: session.folder) }
        let run = try await session.play(["news-24", "--seconds", "20", "--speed", "100"])
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.errors.contains("cannot outrun the live edge"))
        #expect(run.output.split(separator: "\n").last?.contains("playbackAborted") == true)
    }
}

/// `exposure play --network`: the mock shapes the play session's segments, the CLI sums up.
@Suite(.onItsOwnQueue, .timeLimit(.minutes(2))) struct PlayNetworkEndToEndTests {
    @Test func aPresetShapesThisPlaySessionAndASummaryEndsTheOutput() async throws {
        let session = try await LoggedInCLI(name: "play-network")
        defer { try? FileManager.default.removeItem(at: session.folder) }
        // At --speed 10 the four seconds of playback take under half a second of real time; the
        // mock still delays every segment at the preset's pace.
        let run = try await session.play(["city-lights", "--seconds", "4", "--speed", "10", "--network", "lte", "--json"])
        #expect(run.status == 0, "\(run.errors)")
        let last = try #require(run.output.split(separator: "\n").last)
        let summary = try #require(JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any])
        #expect(summary["event"] as? String == "summary")
        #expect(summary["stalls"] is Int && summary["skipped"] is Int && summary["secondsByBitrate"] is [String: Any], "\(summary)")
        let shaped = session.mock.platform.requests(pathPrefix: "/media/").filter { $0.faultId != nil }
        #expect(!shaped.isEmpty && shaped.allSatisfy { $0.delivery == "delayed" }, "segments went out at the preset's pace")
        #expect(session.mock.platform.faults.isEmpty, "the rule is removed when playback ends")
    }

    @Test func aMalformedTraceIsRefusedNamingItsLine() async throws {
        let session = try await LoggedInCLI(name: "play-network")
        defer { try? FileManager.default.removeItem(at: session.folder) }
        let trace = session.folder.appendingPathComponent("trace.txt")
        try Data("0 800\n5 fast\n".utf8).write(to: trace)
        let run = try await session.play(["city-lights", "--network", trace.path])
        #expect(run.status != 0)
        #expect(run.errors.contains("network.trace line 2"), "\(run.errors)")
        let unknown = try await session.play(["city-lights", "--network", "5g"])
        #expect(unknown.status != 0 && unknown.errors.contains("--network must be"), "\(unknown.errors)")
    }
}

extension LoggedInCLI {
    /// `exposure play` with `arguments`.
    func play(_ arguments: [String]) async throws -> ChildProcess.Result {
        try await run(["play"] + arguments)
    }
}
