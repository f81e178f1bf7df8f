import Exposure
import Foundation
import HLS

/// `exposure validate URL`: checks an HLS stream against the rules in hls-rules.md — the
/// multivariant playlist, every rendition, the renditions against each other and, for live
/// playlists, one reload (plus a Playlist Delta Update where the playlist offers them) — and
/// prints each violation with its rule. Exit status 1 when any.
struct ValidateCommand: CLICommand {
    static let name = "validate"
    static let synopsis = "URL [--reload-after SECONDS] [--no-reload]"
    static let summary = "Check an HLS stream (master, renditions, live reload, delta update) against the HLS rules"
    static let optionHelp = [
        "--reload-after SECONDS  reload live playlists after this long (default: the target duration)",
        "--no-reload             check single loads only"
    ]
    static let valueOptions: Set<String> = ["reload-after"]
    static let flagOptions: Set<String> = ["no-reload"]

    let url: URL
    let reload: StreamValidator.Reload

    init(_ arguments: ParsedArguments) throws {
        let text = try arguments.positionals("URL")[0]
        guard let url = URL(string: text), url.scheme == "http" || url.scheme == "https" else {
            throw UsageError("'\(text)' is not an http(s) URL")
        }
        self.url = url
        if arguments.has("no-reload") {
            reload = .never
        } else if let text = arguments.value("reload-after") {
            guard let seconds = Double(text), seconds >= 0, seconds < 3600 else {
                throw UsageError("--reload-after must be a number of seconds, got '\(text)'")
            }
            reload = .after(.milliseconds(Int64(seconds * 1000)))
        } else {
            reload = .afterTargetDuration
        }
    }

    func run(in context: CommandContext) async throws {
        let transport = context.transport
        let validator = StreamValidator(
            reload: reload,
            fetch: { url in
                let response = try await transport.send(TransportRequest(method: .get, url: url))
                return (response.status, Array(response.body))
            },
            wait: { duration in try await Task.sleep(for: duration) })
        let report = await validator.validate(masterURL: url)
        Console.out(context.json ? try Self.json(report) : Self.text(report))
        guard report.isClean else { throw ValidationFailed(violations: report.findings.count, fetchFailures: report.fetchFailures) }
    }

    /// One line per problem, then a summary.
    static func text(_ report: StreamValidationReport) -> String {
        var lines: [String] = []
        for failure in report.fetchFailures {
            lines.append("FETCH \(failure.url): \(failure.detail)")
        }
        for finding in report.findings {
            lines.append("FAIL [\(finding.rule)] \(finding.sentence)")
            lines.append("     \(finding.url)\(finding.onReload ? " (reload)" : ""), \(finding.location): \(finding.detail)")
        }
        let media = report.checked.filter { $0.role == "media" }
        let deltaUpdates = media.filter(\.deltaUpdate).count
        let reloads = media.filter(\.reloaded).count - deltaUpdates
        let kinds = Set(media.compactMap(\.kind)).sorted().joined(separator: ", ")
        lines.append(
            "\(report.isClean ? "OK" : "FAILED"): \(media.count - reloads - deltaUpdates) media playlist(s) (\(kinds.isEmpty ? "none" : kinds)), "
                + "\(reloads) reload(s), \(deltaUpdates) delta update(s); \(report.findings.count) violation(s), \(report.fetchFailures.count) fetch failure(s)"
        )
        return lines.joined(separator: "\n")
    }

    static func json(_ report: StreamValidationReport) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(report), as: UTF8.self)
    }
}

/// The stream broke rules, or some of it could not be fetched; the report is printed already,
/// so this sums it up.
struct ValidationFailed: Error, CustomStringConvertible {
    /// How many rule violations the report lists.
    let violations: Int
    /// What could not be fetched.
    let fetchFailures: [StreamValidationReport.FetchFailure]

    var description: String {
        let fetches =
            fetchFailures.prefix(1).map { "\($0.url) could not be fetched (\($0.detail))" }
            + (fetchFailures.count > 1 ? ["and \(fetchFailures.count - 1) more"] : [])
        let rules = violations > 0 ? ["the stream breaks HLS rules: \(violations) violation(s)"] : []
        return (fetches + rules).joined(separator: "; ") + " (see the report)"
    }
}
