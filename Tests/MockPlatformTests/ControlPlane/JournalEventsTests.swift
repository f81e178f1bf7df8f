import ExposureModels
import Foundation
import HTTPServer
import MockPlatformTesting
import TestSupport
import Testing

@testable import MockPlatform

/// `GET /_mock/events`: the request journal as server-sent events — what the dashboard's activity
/// page follows. The entries after the one named, then each request as it is answered, `cleared`
/// when the journal is emptied.
@Suite(.onItsOwnQueue) struct JournalEventsTests {
    /// The journal entries in event-stream text as it came over the socket (in chunks, each
    /// holding whole events), in order.
    static func entries(in text: String) throws -> [JournalEntry] {
        let events = text.replacing(/(^|\r\n)[0-9A-Fa-f]+\r\n/, with: "")
        return try events.components(separatedBy: "\n\n").compactMap { block -> JournalEntry? in
            let lines = block.split(separator: "\n")
            guard lines.contains("event: request"), let data = lines.first(where: { $0.hasPrefix("data: ") }) else { return nil }
            let entry = try ExposureJSON.decode(JournalEntry.self, from: Data(data.dropFirst("data: ".count).utf8))
            #expect(lines.contains("id: \(entry.id)"))
            return entry
        }
    }

    @Test func eachRequestArrivesAsAnEventAsItIsAnswered() async throws {
        let platform = try await MockPlatform.start()
        defer { platform.stop() }
        let client = ControlPlaneClient(baseURL: platform.baseURL)
        let connection = try await RawConnection(port: platform.port)
        await connection.send("GET /_mock/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n")
        let head = await connection.read(through: "retry: 1000\n\n")
        let headText = String(decoding: head.data, as: UTF8.self).lowercased()
        #expect(headText.hasPrefix("http/1.1 200"))
        #expect(headText.contains("content-type: text/event-stream; charset=utf-8"))
        #expect(headText.contains("cache-control: no-cache"))

        _ = try await client.send("GET", client.api("v1", "/time"))
        _ = try await client.send("GET", client.api("v1", "/content/asset/nothing-here"))
        let events = await connection.read(through: "nothing-here")
        let rest = await connection.read(through: "\n\n")
        let entries = try Self.entries(in: String(decoding: events.data + rest.data, as: UTF8.self))
        #expect(
            entries.map(\.path) == [
                "/v1/customer/Sandbox/businessunit/Dev/time", "/v1/customer/Sandbox/businessunit/Dev/content/asset/nothing-here"
            ])
        #expect(entries.map(\.status) == [200, 404])
        #expect(entries.map(\.id) == [1, 2])
        #expect(entries == platform.control.journal.entries(), "the events are the journal's entries")

        try await client.admin.reset()
        let cleared = await connection.read(through: "event: cleared\ndata: {}\n\n")
        #expect(String(decoding: cleared.data, as: UTF8.self).hasSuffix("id: 0\nevent: cleared\ndata: {}\n\n"), "ids start again")
    }

    @Test func aClientThatSaysWhatItHasGetsTheRestOfTheJournalFirst() async throws {
        let platform = try await MockPlatform.start()
        defer { platform.stop() }
        let client = ControlPlaneClient(baseURL: platform.baseURL)
        for _ in 0..<3 { _ = try await client.send("GET", client.api("v1", "/time")) }
        for (name, request) in [
            ("Last-Event-ID", "GET /_mock/events HTTP/1.1\r\nHost: 127.0.0.1\r\nLast-Event-ID: 1\r\n\r\n"),
            ("after", "GET /_mock/events?after=1 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        ] {
            let connection = try await RawConnection(port: platform.port)
            await connection.send(request)
            let text = await connection.read(through: "id: 3\n")
            let rest = await connection.read(through: "\n\n")
            let entries = try Self.entries(in: String(decoding: text.data + rest.data, as: UTF8.self))
            #expect(entries.map(\.id) == [2, 3], "\(name)")
        }
    }

    @Test(arguments: [("after=x", "after"), ("after=-1", "after")])
    func aBadPlaceToStartIsABadRequest(query: String, parameter: String) throws {
        let mock = try InProcessPlatform()
        let answer = mock.send(.get, "/_mock/events?\(query)")
        #expect(answer.status == 400)
        #expect(mock.error(of: answer).extendedMessage?.contains(parameter) == true)
        let header = mock.send(.get, "/_mock/events", headers: [("Last-Event-ID", "seven")])
        #expect(header.status == 400 && mock.error(of: header).extendedMessage?.contains("Last-Event-ID") == true)
    }

    /// In process, the answer's stream reads as the socket would get it, without the waits.
    @Test func theStreamHoldsWhatHappenedWhileNobodyRead() throws {
        let mock = try InProcessPlatform()
        let answer = mock.send(.get, "/_mock/events")
        guard case .streamed(let stream) = answer.delivery else {
            Issue.record("not streamed: \(answer.delivery)")
            return
        }
        _ = mock.send(.get, InProcessPlatform.api1 + "/time")
        _ = mock.send(.get, InProcessPlatform.api1 + "/time")
        var text = Data()
        while case .bytes(let bytes) = stream.read(maxBytes: 1 << 16) { text += bytes }
        let entries = try Self.entries(in: String(decoding: text, as: UTF8.self))
        #expect(String(decoding: text, as: UTF8.self).hasPrefix("retry: 1000\n\n"))
        #expect(entries.map(\.id) == [1, 2])
    }

    /// Everything the answer's stream has until it waits or ends, in process.
    static func readAll(_ answer: HTTPResponse) throws -> (text: String, ended: Bool) {
        guard case .streamed(let stream) = answer.delivery else { throw StreamError.notStreamed }
        var data = Data()
        while true {
            switch stream.read(maxBytes: 1 << 16) {
            case .bytes(let bytes): data += bytes
            case .end: return (String(decoding: data, as: UTF8.self), true)
            case .suspended, .failed: return (String(decoding: data, as: UTF8.self), false)
            }
        }
    }

    enum StreamError: Error { case notStreamed }

    @Test func aClientAheadOfTheJournalHearsItWasClearedThenGetsAllOfIt() throws {
        let mock = try InProcessPlatform()
        _ = mock.send(.get, InProcessPlatform.api1 + "/time")
        _ = mock.send(.get, InProcessPlatform.api1 + "/time")
        let text = try Self.readAll(mock.send(.get, "/_mock/events?after=7")).text
        let cleared = try #require(text.range(of: "id: 0\nevent: cleared\n"))
        #expect(text.range(of: "id: 1\n").map { cleared.upperBound <= $0.lowerBound } == true, "cleared comes first")
        #expect(try Self.entries(in: text).map(\.id) == [1, 2])
    }

    @Test func aClientPastThePendingLimitGetsWhatWasQueuedThenTheEnd() throws {
        let mock = try InProcessPlatform()
        let journal = mock.platform.control.journal
        do {
            let answer = mock.send(.get, "/_mock/events")
            #expect(journal.watcherCount == 1)
            for _ in 0...JournalEventStream.pendingLimit { journal.record(JournalWatcherTests.entry) }
            let (text, ended) = try Self.readAll(answer)
            #expect(ended, "the stream ends instead of waiting")
            #expect(try Self.entries(in: text).count == JournalEventStream.pendingLimit, "the queued events still went out")
        }
        #expect(journal.watcherCount == 0, "the released stream stopped watching")
    }

    @Test func theStreamIsNotJournaledAndFollowsTheAdminAccessRule() throws {
        let mock = try InProcessPlatform()
        _ = mock.send(.get, "/_mock/events")
        #expect(mock.platform.control.journal.entries().isEmpty)
        let network = try MockPlatform(configuration: .init(host: "0.0.0.0", port: 0, adminToken: "s3cret"))
        let request = HTTPRequest(
            method: .get, path: "/_mock/events", rawQuery: "", headers: HTTPHeaders([("Host", "example.test")]), body: Data())
        #expect(network.responder.respond(to: request).status == 401)
    }
}
