import ExposureModels
import Foundation

/// Who reports: the device and app facts every event carries, injected rather than read from
/// globals so tests see exact values.
public struct AnalyticsReporting: Sendable, Equatable {
    /// The device, as in logins (`DeviceId`, `DeviceModel`, `OS`, `OSVersion`, `Manufacturer`).
    public var device: DeviceInfo
    /// `AppType`, e.g. `app`.
    public var appType: String
    /// `AppName` of `Device.Info`, when the app names itself.
    public var appName: String?
    /// `AppVersion` of `Device.Info`.
    public var appVersion: String?
    /// `Connection` of `Device.Info`, e.g. `wifi` or `ethernet`.
    public var connection: String
    /// `Player`: which player reports.
    public var playerName: String
    /// `Version` of `Playback.Created`: the SDK's version.
    public var sdkVersion: String

    /// The SDK's version, sent as `Version`.
    public static let currentSDKVersion = "1.0.0"

    /// Facts; `device` is usually `DeviceInfo.current`.
    public init(
        device: DeviceInfo, appType: String = "app", appName: String? = nil, appVersion: String? = nil,
        connection: String = "unknown", playerName: String = "ExposurePlayback", sdkVersion: String = Self.currentSDKVersion
    ) {
        self.device = device
        self.appType = appType
        self.appName = appName
        self.appVersion = appVersion
        self.connection = connection
        self.playerName = playerName
        self.sdkVersion = sdkVersion
    }

    /// The fields every event of a play session carries.
    func commonFields(settings: AnalyticsSettings, cdnVendor: String?) -> [String: JSONValue] {
        var fields: [String: JSONValue] = [
            "Player": .string(playerName), "DeviceId": .string(device.deviceId), "DeviceModel": .string(device.model),
            "OS": .string(device.os), "OSVersion": .string(device.osVersion), "Manufacturer": .string(device.manufacturer),
            "AppType": .string(appType), "StreamingTechnology": .string("HLS")
        ]
        if let bucket = settings.bucket { fields["AnalyticsBucket"] = .integer(Int64(bucket)) }
        if let interval = settings.postInterval { fields["AnalyticsPostInterval"] = .integer(Int64(interval)) }
        if let tag = settings.tag { fields["AnalyticsTag"] = .string(tag) }
        if let cdnVendor { fields["CDNVendor"] = .string(cdnVendor) }
        return fields
    }

    /// The fields `Device.Info` adds.
    var deviceInfoFields: [String: JSONValue] {
        var fields: [String: JSONValue] = ["Connection": .string(connection)]
        if let appName { fields["AppName"] = .string(appName) }
        if let appVersion { fields["AppVersion"] = .string(appVersion) }
        if let name = device.name { fields["DeviceName"] = .string(name) }
        fields["Height"] = .integer(Int64(device.height))
        fields["Width"] = .integer(Int64(device.width))
        return fields
    }
}
