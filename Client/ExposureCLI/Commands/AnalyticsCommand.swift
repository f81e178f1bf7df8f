import Exposure
import ExposureModels
import Foundation

/// `exposure analytics [SESSION]`: what the mock's EventSink received, per play session, and
/// the rules each session breaks (the mock's `/_mock/analytics/sessions`).
struct AnalyticsCommand: CLICommand {
    static let name = "analytics"
    static let synopsis = "[PLAY_SESSION_ID]"
    static let summary = "Show the analytics sessions the mock received, or one session's timeline and problems"

    let sessionId: String?

    init(_ arguments: ParsedArguments) throws {
        sessionId = try arguments.optionalPositional("PLAY_SESSION_ID")
    }

    func run(in context: CommandContext) async throws {
        let escaped = sessionId?.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-._~")))
        let path = "/_mock/analytics/sessions" + (escaped.map { "/" + $0 } ?? "")
        guard let url = URL(string: context.environment.baseUrl + path) else {
            throw CLIError("not a URL: \(context.environment.baseUrl + path)")
        }
        let response = try await context.transport.send(TransportRequest(method: .get, url: url, headers: ["Accept": "application/json"]))
        guard response.isSuccess else {
            let message = try? ExposureJSON.decode(ExposureErrorMessage.self, from: response.body)
            throw CLIError(
                "\(message?.message ?? "HTTP \(response.status)") (HTTP \(response.status))\(message?.extendedMessage.map { ": \($0)" } ?? "")"
                    + (response.status == 404 && sessionId == nil ? " — is \(context.environment.baseUrl) an exposure-mock?" : ""))
        }
        if context.json { return Console.out(JSONLine.compact(response.body)) }
        let body = try JSONValue(parsing: response.body)
        Console.out(sessionId == nil ? Self.list(body["sessions"]?.arrayValue ?? []) : Self.timeline(body))
    }

    private static func list(_ sessions: [JSONValue]) -> String {
        guard !sessions.isEmpty else { return "No analytics received yet." }
        var table = Table("SESSION", "ACCOUNT", "EVENTS", "HEARTBEATS", "DUPLICATES", "ENDED", "PROBLEMS")
        for session in sessions {
            table.add(
                text(session["sessionId"]), text(session["accountId"]), text(session["eventCount"]), text(session["heartbeats"]),
                text(session["duplicatesDropped"]), text(session["ended"]), String(session["problems"]?.arrayValue?.count ?? 0))
        }
        return table.rendered
    }

    private static func timeline(_ session: JSONValue) -> String {
        var table = Table("SEQ", "TIME", "OFFSET", "EVENT")
        for recorded in session["events"]?.arrayValue ?? [] {
            let event = recorded["event"]
            table.add(
                text(event?["SequenceNumber"]), Format.time(epochMilliseconds: event?["Timestamp"]?.int64Value),
                Format.duration(milliseconds: event?["OffsetTime"]?.int64Value), text(event?["EventType"]))
        }
        let problems = (session["problems"]?.arrayValue ?? []).map { "  \(text($0["rule"])): \(text($0["message"]))" }
        let summary = Table.fields([
            ("Session", text(session["sessionId"])), ("Ended", text(session["ended"])), ("Heartbeats", text(session["heartbeats"])),
            ("Duplicates dropped", text(session["duplicatesDropped"]))
        ])
        return [summary, table.rendered, problems.isEmpty ? "No problems." : "Problems:\n" + problems.joined(separator: "\n")]
            .joined(separator: "\n\n")
    }

    private static func text(_ value: JSONValue?) -> String {
        switch value {
        case .string(let text)?: text
        case .integer(let number)?: String(number)
        case .number(let number)?: String(number)
        case .bool(let flag)?: String(flag)
        default: "-"
        }
    }
}
