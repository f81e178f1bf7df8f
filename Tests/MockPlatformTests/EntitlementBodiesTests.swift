import Clocks
import ExposureModels
import Foundation
import HTTPServer
import Testing

@testable import MockPlatform

/// The cached, patched entitlement JSON is byte for byte what JSONEncoder writes for the real
/// entitlement, for every stream kind and for ids that need escaping.
@Suite struct EntitlementBodiesTests {
    static let plays: [PlayIdentifiers] = [
        .fresh(accountId: "acct-1", assetId: "asset-1", tokenExpires: WallTime(millisecondsSince1970: 100_000)),
        PlayIdentifiers(playSessionId: "0123456789abcdef0123456789abcdef", playToken: "tok/en", requestId: "req-2", accountId: "a:b@c.d"),
        // Quotes, backslashes, control characters and non-ASCII go through the encoder's own escaping.
        PlayIdentifiers(
            playSessionId: "sess\"ion", playToken: "back\\slash\u{1}\u{1f}", requestId: "line\nbreak\ttab",
            accountId: "Åsa \"quoted\" 😀 \u{7f}")
    ]

    /// VOD with sprites and a bookmark, SSAI (the session id inside every beacon URL), a live
    /// channel, a live program, a live event, an audio-only podcast.
    @Test(arguments: ["arctic-journey", "mountain-ssai", "news-24", "summer-concert", "tech-talk-e1", "program"])
    func patchedBodyIsWhatTheEncoderWritesForTheRealEntitlement(asset: String) throws {
        let mock = try InProcessPlatform()
        let token = try mock.login()
        let platform = mock.platform.context
        let loaded = platform.catalog
        let session = try #require(platform.state.session(token: token))
        let now = mock.clock.nowMs()
        let instant = WallTime(millisecondsSince1970: now)
        let assetId = asset == "program" ? try #require(loaded.schedules["news-24"]).program(at: instant).assetId : asset
        let target = try #require(PlaybackTarget(assetId: assetId, loaded: loaded, now: instant))
        let request = HTTPRequest(
            method: .get, path: "/play", rawQuery: "", headers: HTTPHeaders([("Host", "127.0.0.1:8080")]), body: Data())
        let context = RequestContext(request: request, parameters: PathParameters([]), platform: platform, loaded: loaded, now: instant)
        let grant = try AccessPolicy(session: session, country: "SE").grant(for: target.governingAsset.asset, at: instant)
        func build(_ ids: PlayIdentifiers) -> PlaybackEntitlement {
            EntitlementBuilder(context: context, session: session, grant: grant, ids: ids).entitlement(for: target, material: "default")
        }
        let bodies = EntitlementBodies()
        let shape = build(bodies.markers)
        for ids in Self.plays {
            let reference = try ExposureJSON.encode(build(ids))
            #expect(try bodies.body(of: shape, for: ids) == reference, "\(assetId), \(ids.accountId)")
        }
        #expect(try bodies.body(of: shape, for: Self.plays[2]) == (try ExposureJSON.encode(build(Self.plays[2]))), "a cached shape too")
    }

    @Test func aChangedShapeIsEncodedAfreshNotServedStale() throws {
        let bodies = EntitlementBodies()
        var shape = PlaybackEntitlement(
            playSessionId: bodies.markers.playSessionId, playTokenExpiration: 100, productId: "free",
            assetId: "a", accountId: bodies.markers.accountId)
        let ids = PlayIdentifiers.fresh(accountId: "x", assetId: "a", tokenExpires: WallTime(millisecondsSince1970: 100_000))
        _ = try bodies.body(of: shape, for: ids)
        shape.playTokenExpiration = 101
        shape.bookmarks = Bookmarks(lastViewedOffset: 5, lastViewedTime: 6)
        var real = shape
        real.playSessionId = ids.playSessionId
        real.accountId = "x"
        #expect(try bodies.body(of: shape, for: ids) == (try ExposureJSON.encode(real)))
    }
}

@Suite struct JSONTemplateTests {
    @Test func markersAsWholeValuesAndInsideStringsAreReplacedEverywhere() throws {
        let encoded = Data(#"{"a":"M1","b":"http://h/M1/x","c":["M2M1"],"d":7}"#.utf8)
        let template = JSONTemplate(encoded: encoded, markers: ["M1", "M2"])
        #expect(String(decoding: template.render(["id", "q\""]), as: UTF8.self) == #"{"a":"id","b":"http://h/id/x","c":["q\"id"],"d":7}"#)
    }

    /// The fast path (printable ASCII written as is) agrees with the encoder on every such character.
    @Test func printableASCIIIsWrittenAsTheEncoderWritesIt() throws {
        let printable = String(decoding: Array(0x20...0x7E), as: UTF8.self)
        let reference = try ExposureJSON.encode(printable)
        #expect(JSONTemplate.escaped(printable) == Array(reference.dropFirst().dropLast()))
    }
}
