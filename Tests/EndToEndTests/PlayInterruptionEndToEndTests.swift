import Foundation
import MockPlatform
import MockPlatformTesting
import TestSupport
import Testing

/// `exposure play` stopped from outside: Ctrl-C, SIGTERM and a reader that stops reading
/// (`exposure play … | head`) end the playback as its end would — `playbackAborted`, and
/// `Playback.Aborted` at the EventSink so the stream slot is free — and exit 128 + the signal.
@Suite(.onItsOwnQueue, .timeLimit(.minutes(2))) struct PlayInterruptionEndToEndTests {
    @Test(arguments: [SIGINT, SIGTERM])
    func aSignalEndsThePlaySessionAndExitsWithItsStatus(_ signal: Int32) async throws {
        let session = try await LoggedInCLI(name: "play-signal")
        defer { try? FileManager.default.removeItem(at: session.folder) }
        let child = try session.start(["play", "city-lights", "--json"])
        let started = await child.readOutput { $0.contains("playbackStarted") }
        #expect(started.contains("playbackStarted"), "\(started)")
        child.send(signal)
        let stopped = await child.readOutput { $0.contains("playbackAborted") }
        let ending = await child.end(with: nil)
        #expect(stopped.contains("playbackAborted"), "\(stopped)")
        #expect(ending == .exited(128 + signal))
        #expect(try session.endedPlaySession() == .aborted)
    }

    @Test func aClosedOutputEndsThePlaySessionQuietly() async throws {
        let serverClock = ManualClock()
        let session = try await LoggedInCLI(name: "play-pipe", serverClock: serverClock)
        defer { try? FileManager.default.removeItem(at: session.folder) }
        // The entitlement is held until the output is closed: the first line finds no reader.
        try session.mock.platform.inject(.delay(10_000, path: "/entitlement/.*/play$"))
        let child = try session.start(["play", "city-lights", "--json"])
        await session.mock.platform.untilParked(on: serverClock)
        child.closeOutput()
        serverClock.advance(by: .seconds(10))
        let ending = await child.end(with: nil)
        #expect(ending == .exited(141), "no SIGPIPE death: the playback is stopped first")
        #expect(try session.endedPlaySession() == .aborted)
    }
}

extension LoggedInCLI {
    /// How the analytics of premium's only play session ended at the EventSink.
    func endedPlaySession() throws -> AnalyticsSessionEnd? {
        let playSession = try #require(mock.platform.playSessions(accountId: "acc-premium").first)
        return mock.platform.analyticsSession(playSession.id)?.ended
    }
}
