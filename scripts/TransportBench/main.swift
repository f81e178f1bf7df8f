// Requests through the SDK's transports against an in-process mock on port 0, side by side in
// one run: CurlTransport (the Linux default) against URLSessionTransport (FoundationNetworking)
// as the reference, one request at a time and eight at once, rounds alternating. Prints µs of
// wall and CPU per request and each ratio. Not a test: the numbers depend on the machine.
import BenchSupport
import Exposure
import Foundation
import MockPlatform

#if canImport(CCurl)

/// Wall and CPU µs per request for `count` requests, `parallel` in flight at a time.
func measure(_ transport: any HTTPTransport, _ request: TransportRequest, count: Int, parallel: Int) async throws -> (
    wall: Double, cpu: Double
) {
    let cpuStart = ProcessUsage.cpuSeconds()
    let start = ContinuousClock.now
    try await withThrowingTaskGroup(of: Void.self) { group in
        for lane in 0..<parallel {
            group.addTask {
                for _ in stride(from: lane, to: count, by: parallel) {
                    let response = try await transport.send(request)
                    guard response.status == 200 else { throw ExposureError.invalidResponse(reason: "status \(response.status)") }
                }
            }
        }
        try await group.waitForAll()
    }
    let wall = ContinuousClock.now - start
    let wallSeconds = wall.inSeconds
    return (wallSeconds / Double(count) * 1e6, (ProcessUsage.cpuSeconds() - cpuStart) / Double(count) * 1e6)
}

let count = Int(CommandLine.arguments.dropFirst().first ?? "5000") ?? 5000
let rounds = Int(CommandLine.arguments.dropFirst(2).first ?? "3") ?? 3
let platform = try MockPlatform(configuration: .init(port: 0))
try platform.start()
let environment = platform.environment
let request = TransportRequest(method: .get, url: URL(string: environment.apiBase(.v1) + "/content/asset/arctic-journey")!)
let curl = CurlTransport(environment: [:])
let urlSession = URLSessionTransport()
for parallel in [1, 8] {
    for round in 1...rounds {
        let ours = try await measure(curl, request, count: count, parallel: parallel)
        let reference = try await measure(urlSession, request, count: count, parallel: parallel)
        print(
            String(
                format:
                    "%d in flight, round %d: curl %.0f µs wall %.0f µs CPU, URLSession %.0f µs wall %.0f µs CPU per request: curl takes %.2f× the wall, %.2f× the CPU",
                parallel, round, ours.wall, ours.cpu, reference.wall, reference.cpu, ours.wall / reference.wall, ours.cpu / reference.cpu))
    }
}
platform.stop()
#else
print("TransportBench compares CurlTransport with URLSession; CurlTransport exists on Linux only.")
#endif
