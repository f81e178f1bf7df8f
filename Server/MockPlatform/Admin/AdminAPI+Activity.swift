import Clocks
import ExposureModels
import HTTPServer

extension AdminAPI {
    /// What clients reported and what the state holds about playback.
    mutating func registerActivity() {
        let context = control.context
        add(.get, "/analytics") { request, _ throws(ExposureErrorMessage) in
            Responses.json(
                AnalyticsPage(
                    events: context.activity.events(
                        sessionId: Self.parameter(request, "sessionId"), accountId: Self.parameter(request, "accountId"),
                        eventType: Self.parameter(request, "eventType"))))
        }

        add(.get, "/analytics/sessions") { _, _ throws(ExposureErrorMessage) in
            Responses.json(AnalyticsSessionPage(sessions: context.analyticsSessions().map(\.summary)))
        }

        add(.get, "/analytics/sessions/{id}") { _, parameters throws(ExposureErrorMessage) in
            let id = parameters["id"] ?? ""
            guard let report = context.analyticsSession(id: id) else {
                throw ExposureErrorMessage(
                    httpCode: 404, message: "UNKNOWN_PLAY_SESSION",
                    extendedMessage: "No analytics events arrived for the play session \(id).")
            }
            return Responses.json(report)
        }

        add(.get, "/beacons") { request, _ throws(ExposureErrorMessage) in
            Responses.json(BeaconPage(beacons: context.activity.beacons(playSessionId: Self.parameter(request, "playSessionId"))))
        }

        add(.get, "/downloads") { request, _ throws(ExposureErrorMessage) in
            Responses.json(DownloadPage(downloads: context.state.downloads(accountId: Self.parameter(request, "accountId"), assetId: nil)))
        }

        add(.get, "/playsessions") { request, _ throws(ExposureErrorMessage) in
            let now = context.clock.now
            let sessions = context.state.playSessions(accountId: Self.parameter(request, "accountId"))
            let reports = sessions.map { PlaySessionReport(playSession: $0, active: $0.isActive(at: now)) }
            return Responses.json(PlaySessionPage(playSessions: reports))
        }
    }
}

/// `GET /_mock/analytics`.
package struct AnalyticsPage: Codable, Sendable, Equatable {
    /// Events received, oldest first.
    package var events: [RecordedAnalyticsEvent]
}

/// `GET /_mock/analytics/sessions`.
package struct AnalyticsSessionPage: Codable, Sendable, Equatable {
    /// Every play session that sent events, summarised (no events), first to report first.
    package var sessions: [AnalyticsSessionReport]
}

/// `GET /_mock/beacons`.
package struct BeaconPage: Codable, Sendable, Equatable {
    /// Beacons received, oldest first.
    package var beacons: [RecordedBeacon]
}

/// `GET /_mock/downloads`.
package struct DownloadPage: Codable, Sendable, Equatable {
    /// Completed downloads and renewals, oldest first.
    package var downloads: [DownloadRecord]
}

/// `GET /_mock/playsessions`.
package struct PlaySessionPage: Codable, Sendable, Equatable {
    /// Play sessions, oldest first.
    package var playSessions: [PlaySessionReport]
}
