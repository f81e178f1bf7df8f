import Exposure
import Foundation

/// One request exactly as the official iOS SDK sends it: path under `/{version}/customer/…`,
/// query, headers and body.
struct OfficialRequest: Sendable {
    var method: HTTPMethod
    /// Everything after the host: path and query string.
    var target: String
    var headers: HTTPHeaders
    var body: Data?

    /// The `User-Agent` the SDK sets on every request (`CustomUserAgent`: app, device, OS, CFNetwork, Darwin).
    static let userAgent = "ConformanceApp/42 iPhone14,2 iOS/17_3_1 CFNetwork/1492.0.1 Darwin/23.3.0"

    /// A request under the API base path.
    static func api(
        _ method: HTTPMethod, _ version: String, _ path: String, query: [String: OfficialQueryValue] = [:],
        token: String? = nil, headers: HTTPHeaders = [:], json: [String: Any]? = nil
    ) -> OfficialRequest {
        unversioned(
            method, "/\(version)/customer/Sandbox/businessunit/Dev" + path, query: query, token: token, headers: headers, json: json)
    }

    /// A request outside the API base path (EventSink on the base URL).
    static func unversioned(
        _ method: HTTPMethod, _ path: String, query: [String: OfficialQueryValue] = [:],
        token: String? = nil, headers: HTTPHeaders = [:], json: [String: Any]? = nil
    ) -> OfficialRequest {
        var allHeaders = headers
        allHeaders["User-Agent"] = userAgent
        if let token { allHeaders["Authorization"] = "Bearer " + token }
        var body: Data?
        if let json {
            // The SDK's JSONEncoding: JSONSerialization without options, Content-Type unless already set.
            body = try? JSONSerialization.data(withJSONObject: json)
            allHeaders["Content-Type"] = allHeaders["Content-Type"] ?? "application/json"
        }
        let queryString = OfficialQuery.string(query)
        return OfficialRequest(
            method: method, target: path + (queryString.isEmpty ? "" : "?" + queryString), headers: allHeaders, body: body)
    }
}

/// The device the official SDK describes in login bodies (`Device.encode`) and play queries.
enum OfficialDevice {
    static let deviceId = "6F1B2C3D-4E5F-4A6B-8C7D-9E0F1A2B3C4D"
    static let model = "iPhone14,2"

    /// `Device` as the login and anonymous bodies carry it.
    static var json: [String: Any] {
        [
            "height": 844, "width": 390, "model": model, "os": "iOS", "osVersion": "17.3.1", "manufacturer": "Apple",
            "type": "MOBILE", "deviceId": deviceId
        ]
    }

    /// What `PlayEnigmaAsset` always adds to the play query.
    static var playQuery: [String: OfficialQueryValue] {
        [
            "supportedFormats": .string("hls,mp3"), "supportedDrms": .string("fairplay"),
            "deviceMake": .string("apple"), "deviceModel": .string(model)
        ]
    }

    /// What `AdsOptions.dictionaryRepresentation` adds for ad-supported play, with every option set.
    static var adsQuery: [String: OfficialQueryValue] {
        playQuery.merging([
            "uid": .string("user-7"), "autoplay": .bool(true), "latitude": .string("59.3293"), "longitude": .string("18.0686"),
            "mute": .bool(false), "consent": .string("CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA"), "deviceType": .string("mobile"),
            "width": .integer(390), "height": .integer(844), "appName": .string("Conformance"),
            "appBundle": .string("com.example.conformance"),
            "appStoreUrl": .string("https://apps.apple.com/app/id0"), "ifa": .string(deviceId), "ifaType": .string("idfa"),
            "limitAdTracking": .bool(false)
        ]) { $1 }
    }
}
