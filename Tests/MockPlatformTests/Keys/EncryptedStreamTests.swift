import Clocks
import Cryptography
import ExposureModels
import Foundation
import HLS
import HTTPServer
import MockPlatformTesting
import Testing

@testable import MockPlatform

/// Encrypted streams as the mock serves them: playlists announce keys with the play token in
/// their URIs, segments are AES-128-CBC encrypted as served, and the key server answers the
/// key for a valid token only, with the Exposure error body otherwise. Virtual time.
@Suite struct EncryptedStreamTests {
    static let noon: Int64 = 1_796_040_000_000
    let mock: InProcessPlatform
    let session: String

    init() throws {
        mock = try InProcessPlatform(nowMs: Self.noon)
        session = try mock.login("premium")
    }

    /// The entitlement's stream URL (path and query) and play token of `assetId`.
    private func play(_ assetId: String, as session: String? = nil) throws -> (
        locator: String, token: String, entitlement: PlaybackEntitlement
    ) {
        let entitlement = try mock.json(
            PlaybackEntitlement.self, .get, InProcessPlatform.api2 + "/entitlement/\(assetId)/play", token: session ?? self.session)
        let locator = try #require(entitlement.formats?.first?.mediaLocator)
        let url = try #require(URLComponents(string: locator))
        let token = try #require(entitlement.playToken)
        return ("\(url.path)?\(url.query ?? "")", token, entitlement)
    }

    private func text(_ target: String) throws -> String {
        let response = mock.send(.get, target)
        #expect(response.status == 200, "GET \(target)")
        return String(decoding: response.body, as: UTF8.self)
    }

    /// `base` is the folder of `locator`.
    private func folder(of locator: String) -> String {
        String(locator[..<locator.index(after: locator.range(of: "/", options: .backwards)!.lowerBound)])
    }

    private func keyTags(_ playlist: String) throws -> [SegmentKey] {
        try playlist.split(separator: "\n").filter { $0.hasPrefix("#EXT-X-KEY:") }.map { try SegmentKey(line: String($0)) }
    }

    @Test func theEntitlementCarriesTheTokenInTheLocatorAndAnnouncesNoDRM() throws {
        let (locator, token, entitlement) = try play("harbour-tales-s1e3")
        #expect(locator.hasSuffix("master.m3u8?token=\(token)"))
        #expect(entitlement.formats?.allSatisfy { $0.drm == nil } == true)
        let clear = try play("arctic-journey")
        #expect(clear.locator.hasSuffix("master.m3u8?"), "clear streams keep their plain URL")
    }

    @Test func aVODHasOneKeyTheMasterAnnouncesAndItsSegmentsDecryptWithIt() throws {
        let (locator, token, _) = try play("harbour-tales-s1e3")
        let master = try text(locator)
        let sessionKey = try #require(master.split(separator: "\n").first { $0.hasPrefix("#EXT-X-SESSION-KEY:") })
        let keyURI = "/keys/harbour-tales-s1e3.0?token=\(token)"
        #expect(try SegmentKey(line: String(sessionKey)) == SegmentKey(method: .aes128, uri: keyURI))
        let parsed = try HLSParser.parseMaster(Array(master.utf8))
        #expect(parsed.variants.allSatisfy { $0.uri.hasSuffix("?token=\(token)") })

        let base = folder(of: locator)
        let video = try text(base + (try #require(parsed.variants.first?.uri)))
        #expect(try keyTags(video) == [SegmentKey(method: .aes128, uri: keyURI)], "one key, on the first segment")
        let subtitles = try #require(parsed.renditions.first { $0.type == .subtitles }?.uri)
        #expect(try keyTags(text(base + subtitles)).isEmpty, "subtitles stay clear")

        let key = mock.send(.get, keyURI)
        #expect(key.status == 200 && key.body.count == 16)
        #expect(key.headers["Cache-Control"] == "no-store")
        let playlist = try HLSParser.parseMedia(Array(video.utf8))
        for (offset, segment) in playlist.segments.prefix(3).enumerated() {
            let served = mock.send(.get, segment.uri)
            let clearPath = String(segment.uri.split(separator: "?")[0])
            let clearBytes = mock.send(.get, clearPath).body
            #expect(served.status == 200 && served.body != clearBytes)
            let sequence = playlist.mediaSequence(ofSegmentAt: offset)
            let decrypted = try AES128CBC(key: Array(key.body), iv: SegmentKey.sequenceIV(sequence)).decrypt(served.body)
            #expect(decrypted == Array(clearBytes), "segment \(sequence)")
        }
    }

    @Test func aLiveChannelsKeyRotatesAndChangesAtProgramBoundaries() throws {
        let schedule = try #require(mock.platform.context.catalog.schedules["sport-max"])
        let (locator, token, _) = try play("sport-max")
        let parsed = try HLSParser.parseMaster(Array(try text(locator).utf8))
        let video = try HLSParser.parseMedia(Array(try text(folder(of: locator) + parsed.variants[0].uri).utf8))
        var keyed: [(sequence: Int, key: SegmentKey)] = []
        for (offset, segment) in video.segments.enumerated() {
            for tag in segment.otherTags where tag.hasPrefix("#EXT-X-KEY:") {
                keyed.append((video.mediaSequence(ofSegmentAt: offset), try SegmentKey(line: tag)))
            }
        }
        // Two hours of DVR: a key at least every ten minutes, all of them different.
        #expect(keyed.count >= 12)
        #expect(Set(keyed.map(\.key)).count == keyed.count)
        for (sequence, key) in keyed {
            let id = try #require(ContentKeyID(text: String(key.uri!.dropFirst("/keys/".count).prefix { $0 != "?" })))
            let startMs = Int64(sequence) * mock.platform.context.catalog.catalog.media.segmentDuration.wholeMilliseconds
            #expect(id.periodStart.millisecondsSince1970 <= startMs && startMs - id.periodStart.millisecondsSince1970 < 600_000)
            #expect(
                id.periodStart.millisecondsSince1970 % 600_000 == 0
                    || id.periodStart.millisecondsSince1970
                        == schedule.program(at: WallTime(millisecondsSince1970: startMs)).start.millisecondsSince1970
            )
            #expect(key.uri!.hasSuffix("?token=\(token)"))
        }
    }

    @Test func everyBadKeyRequestIsRefusedWithTheErrorBody() throws {
        let (_, token, _) = try play("harbour-tales-s1e3")
        let (_, ssaiToken, _) = try play("mountain-ssai")
        func refusal(_ target: String) -> (Int, String) {
            let response = mock.send(.get, target)
            return (response.status, mock.error(of: response).message)
        }
        let key = "/keys/harbour-tales-s1e3.0"
        #expect(refusal(key) == (403, "INVALID_TOKEN"))
        #expect(refusal(key + "?token=") == (403, "INVALID_TOKEN"))
        #expect(refusal(key + "?token=" + token.dropLast() + (token.last == "0" ? "1" : "0")) == (403, "INVALID_TOKEN"))
        #expect(refusal(key + "?token=x" + token) == (403, "INVALID_TOKEN"))
        #expect(refusal(key + "?token=" + ssaiToken) == (403, "NOT_ENTITLED"))
        #expect(refusal("/keys/harbour-tales-s1e3.600000?token=" + token) == (403, "NOT_ENTITLED"), "a VOD has key 0 only")
        #expect(refusal("/keys/arctic-journey.0?token=" + token) == (404, "NOT_FOUND"), "a clear stream has no keys")
        #expect(refusal("/keys/nothing?token=" + token) == (404, "NOT_FOUND"))
        #expect(mock.send(.get, key + "?token=" + token).status == 200)

        mock.setNow(Self.noon + 6 * 3_600_000 + 1)
        #expect(refusal(key + "?token=" + token) == (403, "LICENSE_EXPIRED"))
    }

    @Test func aChannelKeyOutsideTheWindowOrOfABlackedOutProgramIsRefused() throws {
        let schedule = try #require(mock.platform.context.catalog.schedules["sport-max"])
        let (_, token, _) = try play("sport-max")
        func status(_ startMs: Int64) -> (Int, String) {
            let response = mock.send(.get, "/keys/sport-max.\(startMs)?token=\(token)")
            return (response.status, response.status == 200 ? "" : mock.error(of: response).message)
        }
        let current = KeyPeriods.keyID(assetId: "sport-max", schedule: schedule, segmentStart: WallTime(millisecondsSince1970: Self.noon))
        #expect(status(current.periodStart.millisecondsSince1970) == (200, ""))
        #expect(status(current.periodStart.millisecondsSince1970 + 1) == (403, "NOT_ENTITLED"), "not a period start")
        #expect(status(current.periodStart.millisecondsSince1970 + 3_600_000) == (403, "NOT_ENTITLED"), "not yet")
        let blackout = try #require(
            schedule.programs(
                from: WallTime(millisecondsSince1970: Self.noon - 3 * 3_600_000), to: WallTime(millisecondsSince1970: Self.noon)
            ).first { $0.slot.blackout == true })
        #expect(status(blackout.start.millisecondsSince1970) == (403, "NOT_ENTITLED"))
        let before = try #require(
            schedule.programs(
                from: WallTime(millisecondsSince1970: Self.noon - 3 * 3_600_000), to: WallTime(millisecondsSince1970: Self.noon)
            ).first { $0.slot.blackout != true })
        #expect(status(before.start.millisecondsSince1970) == (200, ""))
    }

    /// A program that needs a product the account lacks (news-24's Sports Desk needs premium),
    /// on a channel served encrypted: the basic account's play token opens the keys of the other
    /// programs, not those of that program's periods.
    @Test func aKeyOfAProgramTheAccountLacksTheProductForIsRefused() throws {
        let sandbox = try FixtureSandbox()
        try sandbox.editJSON("catalog/assets.json") { assets in
            for index in (assets.arrayValue ?? []).indices where assets[index]["assetId"]?.stringValue == "news-24" {
                assets[index]["mock"]?["encryption"] = .string("AES-128")
            }
        }
        let mock = try InProcessPlatform(nowMs: Self.noon, fixtures: sandbox.directory)
        let entitlement = try mock.json(
            PlaybackEntitlement.self, .get, InProcessPlatform.api2 + "/entitlement/news-24/play", token: try mock.login("basic"))
        let token = try #require(entitlement.playToken)
        let schedule = try #require(mock.platform.context.catalog.schedules["news-24"])
        let programs = schedule.programs(
            from: WallTime(millisecondsSince1970: Self.noon - 2 * 3_600_000), to: WallTime(millisecondsSince1970: Self.noon))
        let premium = try #require(programs.last { $0.slot.requiredProducts == ["premium"] })
        let open = try #require(
            programs.last { $0.slot.requiredProducts == nil && $0.start.millisecondsSince1970 < premium.start.millisecondsSince1970 })
        func refusal(_ startMs: Int64) -> (Int, String) {
            let response = mock.send(.get, "/keys/news-24.\(startMs)?token=\(token)")
            return (response.status, response.status == 200 ? "" : mock.error(of: response).message)
        }
        #expect(refusal(premium.start.millisecondsSince1970) == (403, "NOT_ENTITLED"))
        #expect(refusal(premium.start.millisecondsSince1970 + 600_000) == (403, "NOT_ENTITLED"), "every period of the program")
        #expect(refusal(open.start.millisecondsSince1970) == (200, ""))
    }

    @Test func anEncryptedStreamsSegmentNeedsItsSequenceNumber() throws {
        let (locator, _, _) = try play("harbour-tales-s1e3")
        let parsed = try HLSParser.parseMaster(Array(try text(locator).utf8))
        let video = try HLSParser.parseMedia(Array(try text(folder(of: locator) + parsed.variants[0].uri).utf8))
        let path = String(video.segments[0].uri.split(separator: "?")[0])
        #expect(mock.send(.get, path + "?asset=harbour-tales-s1e3").status == 404)
        #expect(mock.send(.get, path + "?asset=harbour-tales-s1e3&seq=x").status == 404)
    }

    @Test func keyRequestsAreListedWithThePlaySessionTheirTokenNames() throws {
        let (_, token, entitlement) = try play("harbour-tales-s1e3")
        _ = mock.send(.get, "/keys/harbour-tales-s1e3.0?token=\(token)")
        _ = mock.send(.get, "/keys/harbour-tales-s1e3.0")
        let page = try ExposureJSON.decode(KeyRequestPage.self, from: mock.send(.get, "/_mock/keys").body)
        #expect(page.keyRequests.map(\.status) == [200, 403])
        #expect(page.keyRequests.map(\.keyId) == ["harbour-tales-s1e3.0", "harbour-tales-s1e3.0"])
        #expect(page.keyRequests[0].playSessionId == entitlement.playSessionId)
        #expect(page.keyRequests[0].accountId == "acc-premium")
        let mine = try ExposureJSON.decode(
            KeyRequestPage.self, from: mock.send(.get, "/_mock/keys?playSessionId=\(entitlement.playSessionId)").body)
        #expect(mine.keyRequests.count == 1)
    }
}
