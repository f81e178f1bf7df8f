import ExposureModels
import HTTPServer
import MockPlatform
import Testing

/// Every answer carries a new `X-Request-Id`, and the journal records it with the request.
@Suite struct RequestIDTests {
    let mock: InProcessPlatform
    init() throws { mock = try InProcessPlatform() }

    @Test func everyAnswerHasItsOwnId() throws {
        try mock.platform.control.faults.add(FaultRule(path: "/epg/", status: 503))
        let answers = [
            mock.send(.get, InProcessPlatform.api1 + "/time"),
            mock.send(.get, InProcessPlatform.api1 + "/time"),
            mock.send(.get, InProcessPlatform.api1 + "/content/asset/no-such-asset"),
            mock.send(.get, "/no/such/endpoint"),
            mock.send(.get, InProcessPlatform.api2 + "/epg/news-24/date/2026-12-01"),
            mock.send(.get, "/_mock/clock"),
            mock.send(
                .options, InProcessPlatform.api1 + "/time", headers: [("Origin", "http://app"), ("Access-Control-Request-Method", "GET")])
        ]
        #expect(answers.map(\.status) == [200, 200, 404, 404, 503, 200, 204])
        let ids = answers.compactMap { $0.headers["X-Request-Id"] }
        #expect(ids.count == answers.count)
        #expect(Set(ids).count == ids.count)
        #expect(ids.allSatisfy { $0.count == 32 && $0.allSatisfy(\.isHexDigit) })
    }

    @Test func theJournalRecordsTheIdTheClientGot() throws {
        let answer = mock.send(.get, InProcessPlatform.api1 + "/time")
        let entry = try #require(
            mock.platform.control.journal.entries(matching: JournalFilter(pathPrefix: InProcessPlatform.api1 + "/time")).last)
        #expect(entry.requestId == answer.headers["X-Request-Id"])
        let encoded = try ExposureJSON.encode(entry)
        #expect(try ExposureJSON.decode(JournalEntry.self, from: encoded).requestId == entry.requestId)
    }

    @Test func browsersMayReadIt() {
        let answer = mock.send(.get, InProcessPlatform.api1 + "/time", headers: [("Origin", "http://app")])
        #expect(answer.headers["Access-Control-Expose-Headers"]?.contains("X-Request-Id") == true)
    }
}
