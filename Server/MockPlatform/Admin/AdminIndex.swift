import ExposureModels
import Foundation
import HTTPServer

/// `GET /_mock/`: every admin endpoint with one line on what it does, as JSON, or as an HTML page
/// for a browser that asks for `text/html`.
package struct AdminIndex: Codable, Sendable, Equatable {
    /// One admin endpoint.
    package struct Endpoint: Codable, Sendable, Equatable {
        /// `GET`, `POST`, `PUT` or `DELETE`.
        package var method: String
        /// The path, parameters in braces: `/_mock/faults/{id}`.
        package var path: String
        /// What it does, one line.
        package var description: String

        init(method: String, path: String) {
            self.method = method
            self.path = path
            description = AdminIndex.descriptions["\(method) \(path)"] ?? ""
        }
    }

    /// The mock's release and git commit (``ProductVersion``).
    package var version: String
    /// Where the endpoints are documented.
    package var documentation: String
    /// Every endpoint, in the order docs/admin-api.md lists them.
    package var endpoints: [Endpoint]

    /// The line for each endpoint, by `METHOD path`; an endpoint missing here is listed with an
    /// empty description, which `AdminIndexTests` refuses.
    static let descriptions: [String: String] = [
        "GET /_mock": "This index: every admin endpoint with one line on what it does.",
        "GET /_mock/openapi.json": "The OpenAPI 3.1 document of everything the mock serves.",
        "GET /_mock/schemas/{name}": "The JSON Schema of a fixture file: platform, users, assets, ads or media.schema.json.",
        "GET /": "The web dashboard's start page (Dashboard/index.html).",
        "GET /_mock/ui": "The web dashboard's start page (Dashboard/index.html).",
        "GET /_mock/ui/{path...}": "A file of the web dashboard (Dashboard/), with ETag and Cache-Control: no-cache.",
        "POST /_mock/session": "Sign the dashboard in: {\"token\"} for an HttpOnly session cookie the admin API accepts like the token.",
        "GET /_mock/session": "Whether the request carries a dashboard sign-in the mock holds: {\"signedIn\"}.",
        "DELETE /_mock/session": "Sign the dashboard out: its session ends and its cookie is removed.",
        "GET /_mock/health": "Status, version, fixtures folder, catalog counts, fault rules and journaled requests.",
        "POST /_mock/reset": "Forget sessions, bookmarks, play sessions, downloads, faults, journal, analytics, ciphertext; real time.",
        "POST /_mock/fixtures/reload": "Reload the fixtures, or switch to {\"directory\": \"/path\"}; 422 lists every problem.",
        "GET /_mock/clock": "The platform clock: now, offsetMs and rate.",
        "PUT /_mock/clock": "Move the clock: {\"offsetMs\"} or {\"now\"}, optionally {\"rate\"} (0 freezes it).",
        "POST /_mock/faults": "Add a fault rule: a status, delay, throttle, truncation or dropped connection for matching requests.",
        "GET /_mock/faults": "The fault rules in force, in matching order.",
        "DELETE /_mock/faults": "Remove every fault rule.",
        "DELETE /_mock/faults/{id}": "Remove one fault rule.",
        "PUT /_mock/faults/{id}": "Change a fault rule; it keeps its id, its counters start afresh.",
        "PUT /_mock/faults/seed": "Start fault rules' probability draws again from a seed, so a run is repeatable.",
        "GET /_mock/requests": "The request journal, filtered by pathPrefix, since, session, method and limit.",
        "DELETE /_mock/requests": "Empty the request journal.",
        "GET /_mock/requests/unmatched": "The last 100 requests no route took, each with its nearest routes and what differs.",
        "GET /_mock/events": "The request journal as server-sent events: each request as it is answered, after Last-Event-ID or after.",
        "GET /_mock/analytics": "Analytics events clients sent, filtered by sessionId, accountId and eventType.",
        "GET /_mock/analytics/sessions": "Every play session that sent analytics events, checked against the reporting rules.",
        "GET /_mock/analytics/sessions/{id}": "One play session's events in order, with gaps and rule problems.",
        "GET /_mock/beacons": "Ad beacons clients fired, filtered by playSessionId.",
        "GET /_mock/keys": "Key requests of encrypted streams, with the play session their token names, filtered by playSessionId.",
        "GET /_mock/downloads": "Download and renewal records, filtered by accountId.",
        "GET /_mock/playsessions": "Play sessions and whether each holds a stream slot now, filtered by accountId.",
        "GET /_mock/assets": "Each catalog asset's mock settings: contract restrictions, SSAI, channel, event, download rules."
    ]

    /// The answer to `request`: HTML when its `Accept` prefers `text/html` to JSON, JSON otherwise.
    func response(to request: HTTPRequest) -> HTTPResponse {
        let accept = request.headers["Accept"] ?? ""
        guard accept.contains("text/html") else { return Responses.json(self) }
        return HTTPResponse(status: 200, headers: ["Content-Type": "text/html; charset=utf-8"], body: Data(html.utf8))
    }

    private var html: String {
        let rows = endpoints.map {
            "<tr><td>\($0.method)</td><td><code>\(Self.escape($0.path))</code></td><td>\(Self.escape($0.description))</td></tr>"
        }
        return """
            <!doctype html>
            <html><head><meta charset="utf-8"><title>exposure-mock admin API</title></head>
            <body><h1>exposure-mock admin API</h1><p>\(Self.escape(version)) · \(Self.escape(documentation))</p>
            <table><tr><th>method</th><th>path</th><th>what it does</th></tr>
            \(rows.joined(separator: "\n"))
            </table></body></html>
            """
    }

    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}

extension AdminAPI {
    /// `GET /_mock/` (also `/_mock`): the index of every endpoint added before it, and itself.
    mutating func registerIndex() {
        var listed = endpoints
        listed.insert(AdminIndex.Endpoint(method: "GET", path: ControlPlaneResponder.prefix), at: 0)
        let index = AdminIndex(
            version: ProductVersion.line(program: "exposure-mock"), documentation: "docs/admin-api.md", endpoints: listed)
        add(.get, "") { request, _ throws(ExposureErrorMessage) in index.response(to: request) }
    }
}
