import Clocks
import ExposureModels
import Foundation
import HTTPServer
import MockPlatformTesting
import Testing

@testable import MockPlatform

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Stream faults on the key server: a rule strikes an encrypted stream's key requests by path or
/// in stream terms (`part: key`, the asset, the key period of a named segment, the play session
/// the token names), and every action works on a key's answer. In-process on a frozen platform
/// clock, then over real sockets on a manual server clock.
@Suite struct KeyFaultTests {
    static let noon: Int64 = 1_796_040_000_000
    let mock: InProcessPlatform
    let session: String

    init() throws {
        mock = try InProcessPlatform(nowMs: Self.noon)
        session = try mock.login("premium")
    }

    /// The play token and play session of a play of `assetId`.
    private func play(_ assetId: String) throws -> (token: String, playSessionId: String) {
        let entitlement = try mock.json(
            PlaybackEntitlement.self, .get, InProcessPlatform.api2 + "/entitlement/\(assetId)/play", token: session)
        return (try #require(entitlement.playToken), entitlement.playSessionId)
    }

    private func key(_ keyId: String, token: String, headers: [(String, String)] = []) -> HTTPResponse {
        mock.get("/keys/\(keyId)?token=\(token)", headers: headers)
    }

    @Test func aKeyRuleStrikesTheStreamsKeysAndNothingElse() throws {
        let vod = try play("harbour-tales-s1e3")
        let live = try play("sport-max")
        let rule = try mock.platform.inject(
            FaultRule(status: 503, stream: StreamTarget(assetId: "harbour-tales-s1e3", part: .key)))
        let struck = key("harbour-tales-s1e3.0", token: vod.token)
        #expect(struck.status == 503)
        #expect(struck.headers[FaultResponder.faultHeader] == rule.id)
        let schedule = try #require(mock.platform.context.catalog.schedules["sport-max"])
        let liveKey = KeyPeriods.keyID(assetId: "sport-max", schedule: schedule, segmentStart: WallTime(millisecondsSince1970: Self.noon))
        #expect(key(liveKey.text, token: live.token).status == 200, "another stream's keys")
        let segment = mock.get("/media/reel/video/360p/seg-003.ts?asset=harbour-tales-s1e3&seq=3")
        #expect(segment.status == 200, "the stream's segments")
    }

    @Test func aSegmentNamedStrikesTheKeyOfItsKeyPeriodOnly() throws {
        let live = try play("sport-max")
        let schedule = try #require(mock.platform.context.catalog.schedules["sport-max"])
        let timeline = try #require(mock.platform.context.catalog.channelTimelines["sport-max"])
        let earlier = timeline.sequence(at: WallTime(millisecondsSince1970: Self.noon - 15 * 60_000))
        let rule = try mock.platform.inject(
            FaultRule(status: 403, stream: StreamTarget(assetId: "sport-max", part: .key, sequence: earlier)))
        let struckKey = KeyPeriods.keyID(assetId: "sport-max", schedule: schedule, segmentStart: timeline.segment(earlier).start)
        let currentKey = KeyPeriods.keyID(
            assetId: "sport-max", schedule: schedule, segmentStart: WallTime(millisecondsSince1970: Self.noon))
        #expect(struckKey != currentKey)
        let struck = key(struckKey.text, token: live.token)
        #expect(struck.status == 403 && struck.headers[FaultResponder.faultHeader] == rule.id)
        #expect(key(currentKey.text, token: live.token).status == 200)
    }

    @Test func aKeyRequestIsOfThePlaySessionItsTokenNamesUnlessTheHeaderSaysOtherwise() throws {
        let first = try play("harbour-tales-s1e3")
        let second = try play("harbour-tales-s1e3")
        try mock.platform.inject(FaultRule(drop: true, stream: StreamTarget(playSessionId: first.playSessionId, part: .key)))
        #expect(key("harbour-tales-s1e3.0", token: first.token).delivery == .dropConnection)
        #expect(key("harbour-tales-s1e3.0", token: second.token).status == 200)
        let named = key("harbour-tales-s1e3.0", token: first.token, headers: [(StreamRequest.playSessionHeader, "another")])
        #expect(named.status == 200, "a player that names its play session is that session")
    }

    @Test(arguments: [
        (StreamTarget(assetId: "arctic-journey", part: .key), "arctic-journey is not encrypted"),
        (StreamTarget(assetId: "sport-max", part: .key, resolution: "640x360"), "A key serves every rendition"),
        (StreamTarget(assetId: "nothing", part: .key), "nothing is no asset or channel")
    ])
    func aKeyTargetTheCatalogCannotSatisfyIsRefused(target: StreamTarget, reason: String) throws {
        #expect {
            try mock.platform.inject(FaultRule(status: 500, stream: target))
        } throws: { error in
            (error as? FaultRuleError)?.message.contains(reason) == true
        }
    }

    @Test func playlistChangesDoNotGoWithKeys() throws {
        #expect(throws: FaultRuleError.self) {
            try mock.platform.inject(
                FaultRule(stream: StreamTarget(assetId: "sport-max", part: .key), playlist: PlaylistFault(targetDuration: 10)))
        }
    }
}

/// Every action of a fault rule on a key's answer, over a real socket: the server clock is a
/// manual one the test moves, so delays and throttles are checked without waiting.
@Suite struct KeyFaultDeliveryTests {
    private static let keyPath = "/keys/harbour-tales-s1e3.0"

    /// The key path with a fresh play token of the encrypted VOD.
    private static func keyTarget(_ client: ControlPlaneClient) async throws -> String {
        let session = try await client.login("premium")
        let play = try await client.play("harbour-tales-s1e3", token: session)
        try #require(play.status == 200)
        let token = try #require(play.body["playToken"] as? String)
        return keyPath + "?token=" + token
    }

    /// The key requests `/_mock/keys` lists.
    private static func journal(_ client: ControlPlaneClient) async throws -> KeyRequestPage {
        try JSONDecoder().decode(KeyRequestPage.self, from: try await client.send("GET", "/_mock/keys").body)
    }

    @Test func aStatusByPathAnswersInsteadOfTheKeyAndIsJournalled() async throws {
        try await withPlatform { _, client in
            let target = try await Self.keyTarget(client)
            let rule = try await client.admin.addFault(.status(500, path: "^/keys/", times: 1))
            let struck = try await client.send("GET", target)
            #expect(struck.status == 500)
            #expect(try client.json(struck.body)["message"] as? String == "INTERNAL_ERROR")
            let key = try await client.send("GET", target)
            #expect(key.status == 200 && key.body.count == 16, "times: 1, then the key")
            let listed = try await Self.journal(client).keyRequests
            #expect(listed.map(\.status) == [500, 200])
            #expect(listed.map(\.faultId) == [rule.id, nil])
        }
    }

    @Test(.timeLimit(.minutes(1))) func aDelayInStreamTermsHoldsTheKeyUntilTheServerClockMoves() async throws {
        let clock = ManualClock()
        try await withPlatform(serverClock: clock) { platform, client in
            let target = try await Self.keyTarget(client)
            try await client.admin.addFault(
                FaultRule(delay: .milliseconds(700), times: 1, stream: StreamTarget(assetId: "harbour-tales-s1e3", part: .key)))
            let answer = Task { try await client.send("GET", target) }
            await platform.untilParked(on: clock)
            clock.advance(by: .milliseconds(699))
            #expect(platform.parkedConnections == 1, "699 ms is not enough")
            clock.advance(by: .milliseconds(1))
            let key = try await answer.value
            #expect(key.status == 200 && key.body.count == 16)
        }
    }

    @Test func aDroppedKeyIsANetworkErrorWithNoStatusInTheJournal() async throws {
        try await withPlatform { _, client in
            let target = try await Self.keyTarget(client)
            // Every time: a client resends a request that got no answer on a kept-alive connection.
            let rule = try await client.admin.addFault(
                FaultRule(drop: true, stream: StreamTarget(assetId: "harbour-tales-s1e3", part: .key)))
            await #expect(throws: URLError.self) { try await client.send("GET", target) }
            let listed = try await Self.journal(client).keyRequests
            #expect(!listed.isEmpty && listed.allSatisfy { $0.status == nil && $0.faultId == rule.id }, "\(listed)")
        }
    }

    @Test func aTruncatedKeyIsAShortRead() async throws {
        try await withPlatform { _, client in
            let target = try await Self.keyTarget(client)
            try await client.admin.addFault(
                FaultRule(truncateAfterBytes: 8, stream: StreamTarget(assetId: "harbour-tales-s1e3", part: .key)))
            await #expect(throws: URLError.self) { try await client.send("GET", target) }
        }
    }

    @Test(.timeLimit(.minutes(1))) func aThrottledKeyArrivesWholeOnTheServerClock() async throws {
        let clock = ManualClock()
        try await withPlatform(serverClock: clock) { platform, client in
            let target = try await Self.keyTarget(client)
            let clear = try await client.send("GET", target)
            try await client.admin.addFault(.throttle(bytesPerSecond: 4, path: "^/keys/"))
            let answer = Task { try await client.send("GET", target) }
            // 16 bytes at 4 B/s: a second of server time at a time, each once the rest is parked again.
            let driver = Task {
                while !Task.isCancelled {
                    await platform.untilParked(on: clock)
                    clock.advance(by: .seconds(1))
                }
            }
            defer { driver.cancel() }
            let key = try await answer.value
            #expect(key.status == 200 && key.body == clear.body, "every byte of the key arrives")
            #expect(platform.requests(pathPrefix: Self.keyPath).last?.delivery == "throttled")
        }
    }
}
