import Exposure
import ExposureAnalytics
import ExposureModels
import Foundation
import MockPlatformTesting

/// A clock the test moves by hand (Clocks' `ManualClock`), from 2027-01-15 08:00 UTC unless told.
func testClock(at startMs: Int64 = 1_800_000_000_000) -> ManualClock {
    ManualClock(at: WallTime(millisecondsSince1970: startMs))
}

/// Device facts that never change, so fields can be compared exactly.
let testReporting = AnalyticsReporting(
    device: DeviceInfo(
        deviceId: "device-1", type: "WEB", model: "TestModel", name: "bench", os: "Linux", osVersion: "6.1",
        manufacturer: "Acme", height: 1080, width: 1920),
    appName: "SampleApp", appVersion: "2.1", connection: "ethernet")

/// A logged-in premium user and a play entitlement on the platform.
func startPlayback(_ assetId: String, on platform: MockPlatform) async throws -> (token: SessionToken, entitlement: PlaybackEntitlement) {
    let credentials = try await Authenticate(environment: platform.environment).login(username: "premium", password: "sandbox").request()
    let entitlement = try await Entitlement(environment: platform.environment, sessionToken: credentials.sessionToken)
        .play(assetId: assetId).request()
    return (credentials.sessionToken, entitlement)
}
