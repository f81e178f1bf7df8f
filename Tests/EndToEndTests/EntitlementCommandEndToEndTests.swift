import Foundation
import MockPlatform
import MockPlatformTesting
import TestSupport
import Testing

/// `exposure entitlement` as a check that costs nothing: the play session it opens is ended, so
/// a user with one stream slot can play right after it.
@Suite(.onItsOwnQueue, .timeLimit(.minutes(2))) struct EntitlementCommandEndToEndTests {
    @Test func theEntitlementsPlaySessionIsEndedSoPlayFollows() async throws {
        let session = try await LoggedInCLI(name: "entitlement")
        defer { try? FileManager.default.removeItem(at: session.folder) }
        let login = try await session.run(["login", "basic", "sandbox"])
        #expect(login.status == 0, "\(login.errors)")
        let entitlement = try await session.run(["entitlement", "city-lights"])
        #expect(entitlement.status == 0, "\(entitlement.errors)")
        let playSession = try #require(session.mock.platform.playSessions(accountId: "acc-basic").first)
        #expect(session.mock.platform.analyticsSession(playSession.id)?.ended == .aborted)
        let play = try await session.run(["play", "city-lights", "--seconds", "1", "--speed", "100"])
        #expect(play.status == 0, "one stream slot, free again: \(play.errors)")
    }

    @Test func keepLeavesThePlaySessionOpen() async throws {
        let session = try await LoggedInCLI(name: "entitlement")
        defer { try? FileManager.default.removeItem(at: session.folder) }
        let entitlement = try await session.run(["entitlement", "city-lights", "--keep"])
        #expect(entitlement.status == 0, "\(entitlement.errors)")
        let playSession = try #require(session.mock.platform.playSessions(accountId: "acc-premium").first)
        #expect(session.mock.platform.analyticsSession(playSession.id) == nil)
    }
}
