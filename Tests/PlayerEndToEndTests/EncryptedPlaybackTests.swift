import Exposure
import ExposurePlayback
import Foundation
import MockPlatform
import MockPlatformTesting
import Testing

/// AES-128 streams of the bundled catalog played against the mock: the engine fetches each
/// key with the play token, decrypts every segment, and a key the server refuses stops
/// playback with the server's message (docs/streams.md, "Encryption and keys").
@Suite struct EncryptedPlaybackTests {
    /// The key requests the mock answered: key id and status, in order.
    static func keyRequests(_ harness: PlayerHarness) -> [(keyId: String, status: Int?)] {
        harness.platform.requests(pathPrefix: "/keys/").map { (String($0.path.dropFirst("/keys/".count)), $0.status) }
    }

    /// The analytics session of `player`'s playback, with no rule broken.
    static func expectCleanAnalytics(_ harness: PlayerHarness, _ player: Player, ended: String) throws {
        let id = try #require(player.context.entitlement?.playSessionId)
        let report = try #require(harness.platform.analyticsSession(id))
        #expect(report.problems == [], "\(report.problems.map(\.message))")
        #expect(report.events?.last?.event.eventType == ended)
    }

    /// The downloadable VOD and the SSAI title (its ads stitched into the one encrypted stream).
    @Test(arguments: ["harbour-tales-s1e3", "mountain-ssai"])
    func anEncryptedTitlePlaysToItsEndWithOneKey(assetId: String) async throws {
        let harness = try PlayerHarness()
        let player = try await harness.player()
        let log = EventLog(player, clock: harness.clock)
        await player.startPlayback(playable: AssetPlayable(assetId: assetId)).value
        #expect(log.errors.isEmpty, "\(log.errors)")
        #expect(log.names.last == "playbackCompleted")
        if assetId == "mountain-ssai" {
            #expect(log.names.filter { $0 == "didPresentInterstitial" }.count == 3, "pre-roll, pre-roll, mid-roll")
        }
        let keys = Self.keyRequests(harness)
        #expect(keys.map(\.keyId) == ["\(assetId).0"] && keys.allSatisfy { $0.status == 200 }, "\(keys)")
        try Self.expectCleanAnalytics(harness, player, ended: "Playback.Completed")
    }

    @Test func anEncryptedLiveChannelPlaysAcrossAKeyRotation() async throws {
        // sport-max from 13:20: Football Live until 13:30, then Highlights; keys every 10 minutes
        // and at each program start, so the program change is also a key change.
        let harness = try PlayerHarness()
        let player = try await harness.player()
        let log = EventLog(player, clock: harness.clock)
        player.onProgramChanged { player, _, _ in
            if log.programs.count == 2 { player.stop() }
        }
        await player.startPlayback(playable: AssetPlayable(assetId: "sport-max")).value
        #expect(log.errors.isEmpty, "\(log.errors)")
        #expect(log.programs.map(\.programId).count == 2)
        let keys = Self.keyRequests(harness)
        let rotation = "sport-max.\(PlayerHarness.monday1320 + 10 * 60_000)"
        #expect(keys.count >= 2 && keys.allSatisfy { $0.status == 200 }, "\(keys)")
        #expect(keys.map(\.keyId).contains(rotation) && Set(keys.map(\.keyId)).count == keys.count, "each key once: \(keys)")
        try Self.expectCleanAnalytics(harness, player, ended: "Playback.Aborted")
    }

    /// Catch-up of a program that aired: sport-max's Tennis, 11:30–12:00, its ad break and all,
    /// under the key periods of that half hour (every 10 minutes from the program's start),
    /// played to the program's end.
    @Test func anEncryptedCatchUpProgramPlaysToItsEndUnderItsKeyPeriods() async throws {
        let harness = try PlayerHarness()
        let player = try await harness.player()
        let log = EventLog(player, clock: harness.clock)
        await player.startPlayback(playable: ProgramPlayable(programId: "sport-max_202603021130", channelId: "sport-max")).value
        #expect(log.errors.isEmpty, "\(log.errors)")
        // The program's end is also the program change it reports last.
        #expect(log.names.suffix(2) == ["playbackCompleted", "programChanged"], "\(log.names.suffix(4))")
        let programStart = PlayerHarness.monday1320 - 110 * 60_000
        let keys = Self.keyRequests(harness)
        #expect(keys.map(\.keyId) == [Int64(0), 10, 20].map { "sport-max.\(programStart + $0 * 60_000)" }, "\(keys)")
        #expect(keys.allSatisfy { $0.status == 200 }, "\(keys)")
        try Self.expectCleanAnalytics(harness, player, ended: "Playback.Completed")
    }

    /// A live event served encrypted (the bundled catalog's one event is clear, so a sandbox marks
    /// it): summer-concert is on air for 90 minutes every two hours, and at 13:20 the one from
    /// 12:00 has ten minutes left, played from the live edge to its end under the event's keys.
    @Test func anEncryptedLiveEventPlaysToItsEnd() async throws {
        let fixtures = try FixtureSandbox()
        try fixtures.editJSON("catalog/assets.json") { assets in
            for index in (assets.arrayValue ?? []).indices where assets[index]["assetId"] == .string("summer-concert") {
                assets[index]["mock"]?["encryption"] = .string("AES-128")
            }
        }
        let harness = try PlayerHarness(fixtures: fixtures.directory)
        let player = try await harness.player()
        let log = EventLog(player, clock: harness.clock)
        await player.startPlayback(playable: AssetPlayable(assetId: "summer-concert")).value
        #expect(log.errors.isEmpty, "\(log.errors)")
        #expect(log.names.last == "playbackCompleted", "\(log.names.suffix(4))")
        let keys = Self.keyRequests(harness)
        #expect(!keys.isEmpty && keys.allSatisfy { $0.keyId.hasPrefix("summer-concert.") && $0.status == 200 }, "\(keys)")
        #expect(Set(keys.map(\.keyId)).count == keys.count, "each key once: \(keys)")
        try Self.expectCleanAnalytics(harness, player, ended: "Playback.Completed")
    }

    @Test func aKeyPeriodTheAccountMayNotWatchStopsPlaybackWithNotEntitled() async throws {
        // sport-max from 13:58: the Cup Final at 14:00 is blacked out, so its key is refused
        // before its first segment plays.
        let blackout = PlayerHarness.monday1320 + 40 * 60_000
        let harness = try PlayerHarness(startMs: blackout - 2 * 60_000)
        let player = try await harness.player()
        let log = EventLog(player, clock: harness.clock)
        await player.startPlayback(playable: AssetPlayable(assetId: "sport-max")).value
        guard case .notEntitled(let status, let programId)? = log.errors.first else {
            Issue.record("expected NOT_ENTITLED, got \(log.errors)")
            return
        }
        #expect(status == "NOT_ENTITLED" && log.errors.count == 1)
        #expect(programId == "sport-max_202603021400", "the program the refused key's period lies in")
        #expect(log.names.last == "error")
        #expect(!log.programs.contains { $0.programId == programId }, "stopped before the blacked-out program played")
        let refused = Self.keyRequests(harness).filter { $0.status == 403 }.map(\.keyId)
        #expect(refused == ["sport-max.\(blackout)"])
        try Self.expectCleanAnalytics(harness, player, ended: "Playback.Error")
    }

    @Test func aPlayTokenThatExpiresMidPlayFailsAtTheNextKey() async throws {
        // Play tokens live 15 minutes: the one of a play started at 13:20 opens the keys of
        // 13:20 and 13:30, not that of 13:40.
        let fixtures = try FixtureSandbox()
        try fixtures.editJSON("catalog/platform.json") { $0["playTokenLifetimeMinutes"] = .integer(15) }
        let harness = try PlayerHarness(fixtures: fixtures.directory)
        let player = try await harness.player()
        let log = EventLog(player, clock: harness.clock)
        await player.startPlayback(playable: AssetPlayable(assetId: "sport-max")).value
        guard case .exposure(let error)? = log.errors.first else {
            Issue.record("expected LICENSE_EXPIRED, got \(log.errors)")
            return
        }
        #expect(error.message == "LICENSE_EXPIRED" && error.code == 403 && log.errors.count == 1)
        let keys = Self.keyRequests(harness)
        #expect(keys.last?.keyId == "sport-max.\(PlayerHarness.monday1320 + 20 * 60_000)" && keys.last?.status == 403, "\(keys)")
        #expect(keys.dropLast().allSatisfy { $0.status == 200 })
        let expiry = PlayerHarness.monday1320 + 15 * 60_000
        #expect((player.playheadTime ?? 0) > expiry, "played on the keys it had until the next one")
    }
}
