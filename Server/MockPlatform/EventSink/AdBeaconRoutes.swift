import ExposureModels
import HTTPServer

/// The ad tracking beacons handed out in SSAI entitlements (`StreamURLs.adBeacon`): plain GETs,
/// answered 204 and recorded so tests can check which ones a player fired.
extension ExposureAPI {
    mutating func registerAdBeacons() {
        addUnversioned(.get, "/ads/beacon/{playSessionId}/{clipIndex}/{event}") { context throws(ExposureErrorMessage) in
            guard let clipIndex = Int(context.path("clipIndex")), clipIndex >= 0 else {
                throw .invalidParameter("clipIndex", "must be a clip's index in ads.clips")
            }
            context.platform.activity.record(
                RecordedBeacon(
                    received: context.now, playSessionId: context.path("playSessionId"), clipIndex: clipIndex,
                    event: context.path("event")))
            return Responses.noContent()
        }
    }
}
