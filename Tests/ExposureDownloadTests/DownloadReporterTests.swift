import Exposure
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import ExposureDownload

/// The outbox's delivery rules over a scripted transport: order per asset, final refusals, restarts.
@Suite(.onItsOwnQueue, .timeLimit(.minutes(1))) struct DownloadReporterTests {
    /// Answers each request with the next scripted status (200 once the script runs out) and writes down what came.
    final class ScriptedTransport: HTTPTransport {
        private let state: Mutex<(statuses: [Int], sent: [String])>
        init(_ statuses: [Int]) { state = Mutex((statuses, [])) }
        var sent: [String] { state.withLock { $0.sent } }

        func send(_ request: TransportRequest) async throws -> TransportResponse {
            let status = state.withLock { state -> Int in
                state.sent.append("\(request.method.rawValue) \(request.url.path.split(separator: "/").suffix(2).joined(separator: "/"))")
                return state.statuses.isEmpty ? 200 : state.statuses.removeFirst()
            }
            // A 2xx with no body: a report needs only the status.
            return TransportResponse(status: status, body: status == 200 ? Data() : Data(#"{"httpCode":\#(status),"message":"X"}"#.utf8))
        }
    }

    static let environment = Environment(baseUrl: "http://127.0.0.1:9", customer: "C", businessUnit: "B")

    static func report(_ kind: DownloadReport.Kind, _ assetId: String) -> DownloadReport {
        DownloadReport(kind: kind, assetId: assetId, environment: environment, sessionToken: SessionToken(value: "t"))
    }

    static func reporter(folder: URL, transport: ScriptedTransport, clock: ManualClock)
        -> (DownloadReporter, AsyncStream<DownloadReportOutcome>.Iterator)
    {
        let database = OfflineDatabaseHandle { () throws(OfflineManagerError) in try OfflineDatabase.open(folder: folder) }
        let (outcomes, sink) = AsyncStream.makeStream(of: DownloadReportOutcome.self)
        let reporter = DownloadReporter(
            outbox: DownloadReportOutbox(database: database), transport: transport, clock: clock, outcomes: sink)
        return (reporter, outcomes.makeAsyncIterator())
    }

    @Test func waitingReportsTakeTheNewestTokenOfTheirAsset() async throws {
        let folder = TemporaryFolder("reports")
        let outbox = DownloadReportOutbox(
            database: OfflineDatabaseHandle { () throws(OfflineManagerError) in try OfflineDatabase.open(folder: folder.url) })
        try await outbox.add(Self.report(.completed, "a"), nowMs: 0)
        try await outbox.add(Self.report(.deleted, "a"), nowMs: 0)
        try await outbox.add(Self.report(.completed, "b"), nowMs: 0)
        outbox.adoptToken("renewed", assetId: "a")
        let tokens = try await outbox.entries().map { "\($0.report.assetId) \($0.report.sessionToken.value)" }
        #expect(tokens == ["a renewed", "a renewed", "b t"])
    }

    @Test func aLaterReportOfAnAssetWaitsForItsFailedPredecessorButOtherAssetsGoOn() async throws {
        let transport = ScriptedTransport([503])
        let clock = ManualClock(at: WallTime(millisecondsSince1970: 0))
        let folder = TemporaryFolder("reports")
        let (reporter, _) = Self.reporter(folder: folder.url, transport: transport, clock: clock)
        try await reporter.add(Self.report(.completed, "a"))
        try await reporter.add(Self.report(.deleted, "a"))
        try await reporter.add(Self.report(.completed, "b"))
        await reporter.deliverDue()
        #expect(transport.sent.filter { $0.hasSuffix("a/downloads") }.isEmpty)
        #expect(transport.sent.contains("POST b/downloadcompleted"))

        clock.advance(to: WallTime(millisecondsSince1970: 1_000))
        await reporter.deliverDue()
        #expect(transport.sent.suffix(2) == ["POST a/downloadcompleted", "DELETE a/downloads"])
        withExtendedLifetime(folder) {}
    }

    @Test func aRefusalRetryingCannotFixLeavesTheOutbox() async throws {
        let transport = ScriptedTransport([403])
        let clock = ManualClock(at: WallTime(millisecondsSince1970: 0))
        let folder = TemporaryFolder("reports")
        var (reporter, outcomes) = Self.reporter(folder: folder.url, transport: transport, clock: clock)
        try await reporter.add(Self.report(.renewed, "a"))
        #expect(await outcomes.next() == .rejected(Self.report(.renewed, "a"), status: 403))
        clock.advance(to: WallTime(millisecondsSince1970: 10_000_000))
        await reporter.deliverDue()
        #expect(transport.sent == ["POST a/downloadrenewed"])
        withExtendedLifetime(folder) {}
    }

    @Test func whatARunLeftIsSentByTheNextReporterOnTheFolder() async throws {
        let folder = TemporaryFolder("reports")
        let clock = ManualClock(at: WallTime(millisecondsSince1970: 0))
        var (first, firstOutcomes) = Self.reporter(folder: folder.url, transport: ScriptedTransport([500]), clock: clock)
        try await first.add(Self.report(.completed, "a"))
        #expect(await firstOutcomes.next() == .retrying(Self.report(.completed, "a"), attempts: 1, nextAttemptMs: 1_000))
        await first.stop()

        clock.advance(to: WallTime(millisecondsSince1970: 1_000))
        let transport = ScriptedTransport([])
        var (second, outcomes) = Self.reporter(folder: folder.url, transport: transport, clock: clock)
        await second.deliverDue()
        #expect(await outcomes.next() == .delivered(Self.report(.completed, "a")))
        #expect(transport.sent == ["POST a/downloadcompleted"])
        withExtendedLifetime(folder) {}
    }
}
