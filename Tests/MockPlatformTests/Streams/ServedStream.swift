import Clocks
import ExposureModels
import Foundation
import HLS
import HTTPServer
import MockPlatform
import Testing

/// Fetching what the mock serves in-process, with the platform clock under the test's control.
extension InProcessPlatform {
    /// The stream URL an entitlement hands out for `assetId` (path only, the host is the mock).
    func streamPath(_ assetId: String, token: String, query: String = "") throws -> String {
        let entitlement = try json(PlaybackEntitlement.self, .get, Self.api2 + "/entitlement/\(assetId)/play" + query, token: token)
        let locator = try #require(entitlement.playableFormat?.mediaLocator)
        return try #require(URL(string: locator)?.path)
    }

    /// GET `path` (a URL path) through the pipeline.
    func get(_ path: String, headers: [(String, String)] = []) -> HTTPResponse { send(.get, path, headers: headers) }

    /// A media playlist, parsed.
    func mediaPlaylist(_ path: String) throws -> MediaPlaylist {
        let response = get(path)
        #expect(response.status == 200, "GET \(path)")
        return try HLSParser.parseMedia(Array(response.body))
    }

    /// A ``StreamValidator`` over the pipeline whose waits move the platform clock instead of sleeping.
    func streamValidator(reload: StreamValidator.Reload = .afterTargetDuration) -> StreamValidator {
        let platform = platform
        let clock = clock
        return StreamValidator(
            reload: reload,
            fetch: { url in
                let request = HTTPRequest(
                    method: .get, path: url.path, rawQuery: url.query ?? "",
                    headers: HTTPHeaders([("Host", "127.0.0.1:8080")]), body: Data())
                let response = platform.responder.respond(to: request)
                return (response.status, Array(response.body))
            },
            wait: { duration in
                clock.set(now: clock.now + duration)
            })
    }

    /// Sets the platform clock.
    func setNow(_ ms: Int64) { clock.set(now: WallTime(millisecondsSince1970: ms)) }
}

/// Records every finding of a report as a test issue naming the rule, its sentence and where.
func expectClean(_ report: StreamValidationReport, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
    for failure in report.fetchFailures {
        Issue.record("\(what): could not fetch \(failure.url): \(failure.detail)", sourceLocation: sourceLocation)
    }
    for finding in report.findings.prefix(20) {
        Issue.record("\(what): \(finding)", sourceLocation: sourceLocation)
    }
    #expect(report.checked.count >= 2, "\(what): the master and at least one media playlist were checked", sourceLocation: sourceLocation)
}

/// Records every violation as a test issue with the rule's sentence.
func expectNoViolations(_ violations: [HLSViolation], _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
    for violation in violations.prefix(20) {
        Issue.record(
            "\(what): [\(violation.rule.id)] \(violation.rule.sentence) — \(violation.location): \(violation.detail)",
            sourceLocation: sourceLocation)
    }
}
