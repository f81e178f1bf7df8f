import Exposure
import Foundation
import Testing

@Suite("Entitlement")
struct EntitlementTests {
    let path = "\(TestValues.base)/v2/customer/Sandbox/businessunit/Dev/entitlement"
    let entitlementBody =
        #"{"playSessionId": "ps1", "playTokenExpiration": 1764500000, "productId": "free","#
        + #" "formats": [{"format": "HLS", "mediaLocator": "http://127.0.0.1:8080/hls/a/master.m3u8"}]}"#

    func entitlement(_ transport: RecordingTransport) -> Entitlement {
        Entitlement(environment: TestValues.environment, sessionToken: TestValues.token, transport: transport)
    }

    @Test func playSendsFormatsAndDeviceInTheQuery() async throws {
        let transport = RecordingTransport(body: entitlementBody)
        let granted = try await entitlement(transport).play(assetId: "movie_1", device: TestValues.device).request()

        #expect(granted.playSessionId == "ps1")
        #expect(granted.playableFormat?.mediaLocator == "http://127.0.0.1:8080/hls/a/master.m3u8")
        let sent = try #require(await transport.onlyRequest)
        #expect(sent.method == .get)
        #expect(sent.url.absoluteString == path + "/movie_1/play?deviceMake=Generic&deviceModel=x86_64&supportedFormats=hls%2Cmp3")
        #expect(sent.headers == ["Accept": "application/json", "Authorization": "Bearer \(TestValues.token.value)"])
        #expect(sent.body == nil)
    }

    @Test func playSendsAdTargetingAndCustomParametersVerbatim() async throws {
        let transport = RecordingTransport(body: entitlementBody)
        let ads = AdsOptions(
            uid: "u1", autoplay: true, latitude: 59.3293, longitude: 18.0686, mute: false, consent: "CPx,y",
            deviceMake: "Acme", deviceType: "TV", width: 3840, height: 2160, ifa: "ifa-1", ifaType: "dpid",
            limitAdTracking: true, appName: "My App", appBundle: "com.example.app", appStoreUrl: "https://store/app",
            gdprOptin: true)
        _ = try await entitlement(transport)
            .play(
                assetId: "movie_1", supportedDrms: ["widevine", "fairplay"], materialProfile: "TRAILER",
                device: TestValues.device, adsOptions: ads, customAdParams: ["campaign": "winter,2025", "zone": "a b"]
            )
            .request()

        let sent = try #require(await transport.onlyRequest)
        let expected = [
            "appBundle=com.example.app", "appName=My%20App", "appStoreUrl=https%3A//store/app", "autoplay=true",
            "campaign=winter%2C2025", "consent=CPx%2Cy", "deviceMake=Acme", "deviceModel=x86_64", "deviceType=TV",
            "gdprOptin=true", "height=2160", "ifa=ifa-1", "ifaType=dpid", "latitude=59.3293", "limitAdTracking=true",
            "longitude=18.0686", "materialProfile=TRAILER", "mute=false", "supportedDrms=widevine%2Cfairplay",
            "supportedFormats=hls%2Cmp3", "uid=u1", "width=3840", "zone=a%20b"
        ]
        #expect(sent.url.absoluteString == path + "/movie_1/play?" + expected.joined(separator: "&"))
    }

    @Test func customParametersCannotReplaceWhatTheClientCanPlay() throws {
        let request = try entitlement(RecordingTransport())
            .play(
                assetId: "a", device: TestValues.device, adsOptions: AdsOptions(mute: true),
                customAdParams: ["supportedFormats": "dash", "mute": "false"]
            )
            .transportRequest()
        let query = try #require(request.url.query)
        #expect(query.contains("supportedFormats=hls%2Cmp3"))
        #expect(query.contains("mute=false"), "custom parameters win over ad targeting")
    }

    @Test func validateAsksAboutAnInstantInISOMilliseconds() async throws {
        let transport = RecordingTransport(body: #"{"status": "SUCCESS", "productId": "free"}"#)
        let validation = try await entitlement(transport)
            .validate(assetId: "ch_1", time: TestValues.tenOClock.addingTimeInterval(0.5))
            .request()

        #expect(validation.isSuccess)
        let sent = try #require(await transport.onlyRequest)
        #expect(sent.url.absoluteString == path + "/ch_1/entitle?time=2025-11-29T10%3A00%3A00.500Z")
        #expect(sent.header(named: "Authorization") == "Bearer \(TestValues.token.value)")
    }
}
