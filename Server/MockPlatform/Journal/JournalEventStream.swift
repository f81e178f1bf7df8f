import ExposureModels
import Foundation
import HTTPServer
import Synchronization

/// The request journal as server-sent events (`GET /_mock/events`): the entries after the one the
/// client names, then each request as it is recorded, as `event: request` with the journal entry
/// as `data` and its id as the event id; `event: cleared` (id 0) when the journal is emptied; a
/// comment line every ``heartbeatInterval`` it is idle.
///
/// Changes wait here until the client reads them. A client that falls ``pendingLimit`` changes
/// behind is cut off: reconnecting with `Last-Event-ID`, as `EventSource` does, it catches up from
/// the journal instead of the mock holding its backlog.
final class JournalEventStream: Sendable {
    /// The changes a slow client may fall behind by before its stream ends.
    static let pendingLimit = 10_000
    /// How many changes one read of the stream encodes.
    static let batchSize = 64
    /// How long the stream stays silent before a heartbeat comment.
    static let heartbeatInterval = Duration.seconds(15)
    /// The first bytes: how long `EventSource` waits before reconnecting, ms.
    static let preamble = Data("retry: 1000\n\n".utf8)
    static let heartbeat = Data(": keep-alive\n\n".utf8)

    private struct Pending {
        var changes: [JournalChange] = []
        var overflowed = false
        var preambleSent = false
    }

    private struct WeakStream {
        weak var stream: HTTPBodyStream?
    }

    private let pending = Mutex(Pending())
    private let body = Mutex(WeakStream())

    private init() {}

    /// The answer to a client that has seen the entries up to `afterId` (nil: only what comes next).
    static func response(journal: RequestJournal, after afterId: Int?) -> HTTPResponse {
        let events = JournalEventStream()
        let (backlog, ticket) = journal.watch(after: afterId) { change in events.push(change) }
        // Changes the watcher pushed already came after the backlog's moment: the backlog goes first.
        events.pending.withLock { $0.changes.insert(contentsOf: backlog, at: 0) }
        let stream = HTTPBodyStream(
            heartbeat: heartbeat, every: heartbeatInterval, next: { events.take() }, ended: { journal.unwatch(ticket) })
        events.body.withLock { $0.stream = stream }
        let headers = HTTPHeaders([
            ("Content-Type", "text/event-stream; charset=utf-8"), ("Cache-Control", "no-cache"), ("X-Accel-Buffering", "no")
        ])
        return HTTPResponse(status: 200, headers: headers, delivery: .streamed(stream))
    }

    /// Keeps `change` for the client (called under the journal's lock) and returns the waking
    /// of its connection, for the journal to run once its lock is released.
    private func push(_ change: JournalChange) -> (@Sendable () -> Void)? {
        let accepted = pending.withLock { pending in
            guard !pending.overflowed else { return false }
            guard pending.changes.count < Self.pendingLimit else {
                pending.overflowed = true
                return true
            }
            pending.changes.append(change)
            return true
        }
        guard accepted else { return nil }
        // The stream may be released while it is woken, ending it and unwatching the journal.
        return { self.body.withLock { $0.stream }?.wake() }
    }

    /// The next bytes for the client: the preamble, then up to ``batchSize`` changes as events;
    /// empty when none wait; nil once the client fell too far behind.
    private func take() -> Data? {
        let (first, changes, overflowed) = pending.withLock { pending in
            let first = !pending.preambleSent
            pending.preambleSent = true
            let count = min(Self.batchSize, pending.changes.count)
            let changes = Array(pending.changes.prefix(count))
            pending.changes.removeFirst(count)
            return (first, changes, pending.overflowed && pending.changes.isEmpty)
        }
        var bytes = first ? Self.preamble : Data()
        bytes.append(Self.events(changes))
        if bytes.isEmpty, overflowed { return nil }
        return bytes
    }

    /// `changes` as event-stream text.
    static func events(_ changes: [JournalChange]) -> Data {
        var text = ""
        for change in changes {
            switch change {
            case .recorded(let entry):
                let json = (try? ExposureJSON.encode(entry)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
                text += "id: \(entry.id)\nevent: request\ndata: \(json)\n\n"
            case .cleared:
                text += "id: 0\nevent: cleared\ndata: {}\n\n"
            }
        }
        return Data(text.utf8)
    }
}
