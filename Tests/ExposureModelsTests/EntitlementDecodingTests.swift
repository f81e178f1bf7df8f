import ExposureModels
import Foundation
import Testing

@Suite("Decoding entitlements")
struct EntitlementDecodingTests {
    @Test func decodesAFullPlaybackEntitlement() throws {
        let entitlement = try decode(PlaybackEntitlement.self, Fixtures.entitlement)

        #expect(entitlement.playSessionId == "ps-7d1e")
        #expect(entitlement.playTokenExpiration == 1_764_500_000)
        #expect(entitlement.productId == "EnigmaFVOD_enigma")
        #expect(entitlement.entitlementType == "AVOD")
        #expect(entitlement.formats?.count == 2)
        #expect(entitlement.formats?.first?.drm?["com.widevine.alpha"]?.licenseServerUrl == "https://lic.example.com/wv")
        #expect(
            entitlement.playableFormat
                == MediaFormat(
                    format: "HLS", mediaLocator: "https://cdn.example.com/c0ffee/index.m3u8", liveDelay: 24_000))
        #expect(entitlement.streamInfo?.kind == .vod)
        #expect(entitlement.streamInfo?.ssai == true)
        #expect(entitlement.streamInfo?.start == 1_764_400_000)
        #expect(entitlement.bookmarks?.lastViewedOffset == 1_200_000)
        let restrictions = try #require(entitlement.contractRestrictions)
        #expect(!restrictions.canFastForward)
        #expect(restrictions.canRewind)
        #expect(restrictions.canTimeshift, "an absent flag means allowed")
        #expect(restrictions.maxBitrate == 6_000_000)
        let clips = try #require(entitlement.ads?.clips)
        #expect(entitlement.ads?.stitcher == "NOWTILUS")
        #expect(clips.map(\.isAd) == [true, false])
        #expect(clips[0].duration == 15_000)
        #expect(clips[0].videoClicks?.clickTrackingUrls == ["https://ads.example.com/click?id=1"])
        #expect(clips[0].trackingEvents?.complete == ["https://ads.example.com/done?id=1"])
        #expect(clips[0].trackingEvents?.load == nil)
        #expect(entitlement.sprites == [Sprite(width: 160, vtt: "https://cdn.example.com/c0ffee/sprites/160/index.vtt")])
        #expect(
            entitlement.analytics
                == AnalyticsSettings(
                    bucket: 3, postInterval: 60, tag: "default", percentage: 100, baseUrl: "https://events.example.com"))
        #expect(entitlement.cdn?.provider == "Akamai")
        #expect(entitlement.epg == EPGSettings(enabled: false, entitlementCheck: false))
    }

    @Test(arguments: ["playSessionId", "playTokenExpiration", "productId"])
    func anEntitlementWithoutARequiredKeyIsRejected(missing key: String) throws {
        var object = try #require(JSONSerialization.jsonObject(with: Data(Fixtures.entitlement.utf8)) as? [String: Any])
        object[key] = nil
        let data = try JSONSerialization.data(withJSONObject: object)
        #expect(throws: DecodingError.self) { try ExposureJSON.decode(PlaybackEntitlement.self, from: data) }
    }

    @Test func noHLSOrMP3FormatMeansNothingToPlay() throws {
        let entitlement = PlaybackEntitlement(
            playSessionId: "p", playTokenExpiration: 0, productId: "x",
            formats: [MediaFormat(format: "DASH", mediaLocator: "https://x/m.mpd")])
        #expect(entitlement.playableFormat == nil)
    }

    @Test(arguments: [
        (StreamInfo(live: false, static: true), StreamKind.vod),
        (StreamInfo(live: true, static: false), .liveChannel),
        (StreamInfo(live: true, static: false, programId: "p"), .liveProgram),
        (StreamInfo(live: false, static: true, channelId: "c", programId: "p"), .catchup),
        (StreamInfo(live: true, event: true), .liveEvent)
    ])
    func classifiesStreams(info: StreamInfo, kind: StreamKind) {
        #expect(info.kind == kind)
    }

    @Test func decodesAValidationThatStopsPlayback() throws {
        let validation = try decode(EntitlementValidation.self, Fixtures.entitlementValidation)

        #expect(validation.status == "GEO_BLOCKED")
        #expect(!validation.isSuccess)
        #expect(validation.streamInfo?.kind == .liveProgram)
        #expect(try decode(EntitlementValidation.self, #"{"status": "SUCCESS"}"#).isSuccess)
    }
}
