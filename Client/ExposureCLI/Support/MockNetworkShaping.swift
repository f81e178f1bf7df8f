import Exposure
import Foundation

/// `exposure play --network`: asks the mock (its admin API, `POST /_mock/faults`) to deliver
/// this play session's segments as a network of the given schedule would, and removes the rule
/// when playback ends. Only the mock has the admin API; a real backend refuses it.
struct MockNetworkShaping: Sendable {
    /// The presets the mock knows.
    static let presets = ["3g", "edge", "lte", "wifi-flaky"]

    /// The `network` object of the rule: a preset, or a trace file's text.
    let schedule: [String: String]
    /// What the user gave, for messages.
    let label: String

    /// A preset name, or a trace file of `seconds kbit/s` lines.
    /// - Throws: `UsageError` when it is neither a preset nor a readable file.
    init(_ argument: String) throws {
        label = argument
        if Self.presets.contains(argument) {
            schedule = ["preset": argument]
            return
        }
        guard let text = try? String(contentsOfFile: argument, encoding: .utf8) else {
            throw UsageError(
                "--network must be \(Self.presets.joined(separator: ", ")) or a readable trace file of 'seconds kbit/s' lines, got '\(argument)'"
            )
        }
        schedule = ["trace": text]
    }

    /// Adds the rule for `playSessionId`; returns its id.
    /// - Throws: `CLIError` with the mock's reason (a malformed trace names its line).
    func apply(to playSessionId: String, base: String, transport: any HTTPTransport) async throws -> String {
        let rule: [String: Any] = [
            "name": "exposure play --network \(label)", "stream": ["playSessionId": playSessionId], "network": schedule
        ]
        let body = try JSONSerialization.data(withJSONObject: rule)
        guard let url = URL(string: base + "/_mock/faults") else { throw CLIError("--network: no mock at \(base)") }
        let response = try await transport.send(
            TransportRequest(method: .post, url: url, headers: ["Content-Type": "application/json"], body: body))
        let answer = (try? JSONSerialization.jsonObject(with: response.body)) as? [String: Any]
        guard response.status == 201, let id = answer?["id"] as? String else {
            let reason = answer?["extendedMessage"] as? String ?? "HTTP \(response.status)"
            throw CLIError("--network: the mock refused the network schedule: \(reason)")
        }
        return id
    }

    /// Removes the rule `id` (best effort: a mock reset removed it already).
    static func remove(_ id: String, base: String, transport: any HTTPTransport) async {
        guard let url = URL(string: base + "/_mock/faults/" + id) else { return }
        _ = try? await transport.send(TransportRequest(method: .delete, url: url))
    }
}
