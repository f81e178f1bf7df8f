import Exposure
import Foundation

/// `--verbose`: each HTTP exchange with the backend on standard error — the request line and
/// headers, then the status, size and time of the answer — with credentials redacted: headers
/// that carry them (`Authorization`, tokens, cookies) show their scheme only, and bodies, which
/// carry passwords and session tokens, are counted, not shown.
struct VerboseTransport: HTTPTransport {
    /// What really sends.
    let base: any HTTPTransport

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        var lines = ["> \(request.method.rawValue) \(request.url.absoluteString)"]
        lines += request.headers.sorted { $0.name < $1.name }.map { "> \($0.name): \(Self.shown(header: $0.name, value: $0.value))" }
        if let body = request.body { lines.append("> (body: \(body.count) bytes)") }
        Console.err(lines.joined(separator: "\n"))
        let started = ContinuousClock.now
        do {
            let response = try await base.send(request)
            Console.err("< \(response.status) \(request.url.path) (\(response.body.count) bytes, \(Self.milliseconds(since: started)) ms)")
            return response
        } catch {
            Console.err("< failed \(request.url.path) after \(Self.milliseconds(since: started)) ms: \(error)")
            throw error
        }
    }

    /// A header's value as printed: `Bearer [redacted]` for credentials.
    static func shown(header name: String, value: String) -> String {
        let lowered = name.lowercased()
        guard lowered == "authorization" || lowered.contains("token") || lowered.contains("cookie") else { return value }
        let scheme = value.split(separator: " ", maxSplits: 1).first.map(String.init)
        return value.contains(" ") ? "\(scheme ?? "") [redacted]" : "[redacted]"
    }

    private static func milliseconds(since start: ContinuousClock.Instant) -> Int64 {
        let elapsed = ContinuousClock.now - start
        return elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000
    }
}
