import Exposure
import ExposureAnalytics
import Foundation
import Testing

/// Each offline playback of a download is a session of its own, `{playSessionId}_{n}`, numbered
/// by the outbox so the numbers go on after earlier playbacks were sent and after a restart.
@Suite struct OfflineSessionNumberTests {
    static let environment = Environment(baseUrl: "http://127.0.0.1:9", customer: "Sandbox", businessUnit: "Dev")

    static func begin(_ dispatcher: AnalyticsDispatcher, _ playSessionId: String) -> String? {
        dispatcher.beginOfflineSession(playSessionId: playSessionId, environment: environment, sessionToken: nil, settings: nil)?.sessionId
    }

    @Test func playbacksOfADownloadAreNumberedOnAcrossRestarts() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("offline-numbers-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("outbox.sqlite")
        let clock = testClock()
        do {
            let dispatcher = AnalyticsDispatcher(
                configuration: .init(reporting: testReporting), outbox: try AnalyticsOutbox(url: file), clock: clock)
            #expect(Self.begin(dispatcher, "play-1") == "play-1_1")
            #expect(Self.begin(dispatcher, "play-1") == "play-1_2")
            #expect(Self.begin(dispatcher, "play-2") == "play-2_1", "another download counts from 1")
        }
        let reopened = AnalyticsDispatcher(
            configuration: .init(reporting: testReporting), outbox: try AnalyticsOutbox(url: file), clock: clock)
        #expect(Self.begin(reopened, "play-1") == "play-1_3")
    }

    @Test func withoutAnOutboxOrWithAnalyticsOffThereIsNoOfflineSession() throws {
        let clock = testClock()
        let noOutbox = AnalyticsDispatcher(configuration: .init(reporting: testReporting), outbox: nil, clock: clock)
        #expect(Self.begin(noOutbox, "play-1") == nil, "the events would have nowhere to wait")
        let off = AnalyticsDispatcher(
            configuration: .init(enabled: false, reporting: testReporting), outbox: try AnalyticsOutbox.inMemory(), clock: clock)
        #expect(Self.begin(off, "play-1") == nil)
    }
}
