import ExposureModels
import Foundation
import Testing

@Suite("Encoding")
struct EncodingTests {
    @Test func keysAreSortedAndDatesHaveMilliseconds() throws {
        let credentials = Credentials(
            sessionToken: SessionToken(value: "t"), crmToken: "c", accountId: "a",
            expirationDateTime: Date(timeIntervalSince1970: 1_764_486_400.5))
        let json = String(decoding: try ExposureJSON.encode(credentials), as: UTF8.self)
        #expect(json == #"{"accountId":"a","crmToken":"c","expirationDateTime":"2025-11-30T07:06:40.500Z","sessionToken":"t"}"#)
    }

    @Test func slashesAreNotEscaped() throws {
        let json = String(decoding: try ExposureJSON.encode(Sprite(width: 160, vtt: "https://x/y.vtt")), as: UTF8.self)
        #expect(json == #"{"vtt":"https://x/y.vtt","width":160}"#)
    }

    @Test func encodingIsByteStable() throws {
        let asset = try decode(Asset.self, Fixtures.asset)
        let first = try ExposureJSON.encode(asset)
        #expect(try ExposureJSON.encode(ExposureJSON.decode(Asset.self, from: first)) == first)
    }

    @Test func aLoginBodyHasTheContractsShape() throws {
        let device = DeviceInfo(
            deviceId: "d1", type: "WEB", model: "x86_64", os: "Linux", osVersion: "6.1", manufacturer: "Generic",
            height: 1080, width: 1920)
        let body = LoginRequest(username: "u", password: "p", rememberMe: true, device: device)
        let object = try #require(try JSONSerialization.jsonObject(with: ExposureJSON.encode(body)) as? [String: Any])
        #expect(Set(object.keys) == ["username", "password", "rememberMe", "device"])
        let deviceObject = try #require(object["device"] as? [String: Any])
        #expect(Set(deviceObject.keys) == ["deviceId", "type", "model", "os", "osVersion", "manufacturer", "height", "width"])
    }

    @Test func anAnonymousLoginRepeatsTheDeviceId() throws {
        let device = DeviceInfo(
            deviceId: "d1", type: "WEB", model: "m", os: "Linux", osVersion: "6", manufacturer: "G", height: 1, width: 1)
        let json = String(decoding: try ExposureJSON.encode(AnonymousLoginRequest(device: device)), as: UTF8.self)
        #expect(json.hasSuffix(#","deviceId":"d1"}"#))
    }
}
