import Clocks
import Foundation
import Synchronization

/// A response body of unknown length that comes over time, as server-sent events do. Send it as
/// the delivery `.streamed(stream)`: the server asks `next` for bytes whenever the client can
/// take more and sends them chunked. While `next` has none (empty data), the connection is
/// suspended — no worker thread waits — until ``wake()`` says it has bytes again or a heartbeat
/// is due: every `heartbeatInterval` on the server's clock, `heartbeat` goes out when nothing
/// else did, so an idle proxy keeps the stream open. A client that closes or resets its
/// connection while it waits is noticed at once (``HangupWatcher``): a FIN sends a heartbeat at
/// once, which a client that only half-closed reads and one that closed answers with a reset,
/// and a reset ends the stream. A stream without a heartbeat (empty) has no byte it could probe
/// with, so a FIN ends it: a client that half-closes such a stream loses it, where holding it
/// would keep every closed client's connection until the source next has bytes, or forever.
/// `next` returning nil ends the body; so does the server stopping.
///
/// `ended` runs once, when the server is done with the stream (or, for a stream never sent,
/// when it is released) — on the server's thread, never inside a call to ``wake()``.
package final class HTTPBodyStream: Sendable, Equatable {
    private struct Attachment {
        let parker: ConnectionParker
        let connection: ConnectionHandle
        let socket: Int32
        let hangups: HangupWatcher
    }

    private struct Shared {
        var state = BodyStreamState()
        var attachment: Attachment?
        /// The ticket of the suspended connection; nil while it runs.
        var parked: Int?
        /// Whether `ended` ran.
        var finished = false
        /// Whether the client reset the connection (or it failed) while it was suspended.
        var clientLeft = false
        /// Whether the client sent a FIN: it closed the connection, or only its sending half.
        var clientHalfClosed = false
    }

    /// What a read of the stream gives the server.
    package enum Read: Equatable {
        case bytes(Data)
        case suspended
        case end
        case failed
    }

    private let heartbeat: Data
    private let heartbeatInterval: Duration
    private let next: @Sendable () -> Data?
    private let ended: @Sendable () -> Void
    private let shared = Mutex(Shared())

    /// A stream taking its bytes from `next` (empty: none now; nil: the end), writing
    /// `heartbeat` every `heartbeatInterval` it is idle (none when empty: then a client's FIN
    /// ends the stream), and calling `ended` when it is released.
    package init(
        heartbeat: Data, every heartbeatInterval: Duration, next: @escaping @Sendable () -> Data?,
        ended: @escaping @Sendable () -> Void = {}
    ) {
        self.heartbeat = heartbeat
        self.heartbeatInterval = heartbeatInterval
        self.next = next
        self.ended = ended
    }

    deinit { finish() }

    /// Tells the server `next` may have bytes again: a suspended connection resumes and asks.
    package func wake() {
        let resume = shared.withLock { shared -> (ConnectionParker, Int)? in
            guard let ticket = shared.parked, let parker = shared.attachment?.parker else { return nil }
            shared.parked = nil
            return (parker, ticket)
        }
        if let (parker, ticket) = resume { parker.wake(ticket) }
    }

    /// The client's end of the connection changed while it waited. Reset: the connection resumes
    /// and the read fails, so the server closes it and releases the stream. FIN: a heartbeat goes
    /// out now, the probe that tells a half-close (the client reads it) from a close (the client's
    /// system answers it with a reset, seen at the next suspension); without a heartbeat there is
    /// no probe, and a FIN is taken as a reset.
    private func client(_ hangup: HangupWatcher.Hangup) {
        shared.withLock { shared in
            switch hangup {
            case .gone: shared.clientLeft = true
            case .halfClosed where heartbeat.isEmpty: shared.clientLeft = true
            case .halfClosed: (shared.clientHalfClosed, shared.state.heartbeatDue) = (true, true)
            }
        }
        wake()
    }

    /// The same stream.
    package static func == (lhs: HTTPBodyStream, rhs: HTTPBodyStream) -> Bool { lhs === rhs }

    /// Runs `ended`, once: the server calls it when it lets the stream go.
    func finish() {
        let first = shared.withLock { shared in
            defer { shared.finished = true }
            return !shared.finished
        }
        if first { ended() }
    }

    /// Binds the stream to the connection it goes out on (its `socket` watched by `hangups` while
    /// suspended) and starts its heartbeats.
    func attach(to connection: ConnectionHandle, socket: Int32, parker: ConnectionParker, hangups: HangupWatcher) {
        shared.withLock {
            $0.attachment = Attachment(parker: parker, connection: connection, socket: socket, hangups: hangups)
        }
        scheduleHeartbeat(after: parker.clock.now, on: parker.clock)
    }

    /// The next bytes for a client that takes up to `maxBytes`; `.suspended` when the connection
    /// was suspended to wait, `.failed` when it could not be (the server is stopping) or the client
    /// left.
    package func read(maxBytes: Int) -> Read {
        shared.withLock { shared in
            guard !shared.clientLeft else { return .failed }
            switch shared.state.step(maxBytes: maxBytes, heartbeat: heartbeat, next: next) {
            case .send(let bytes):
                return .bytes(bytes)
            case .end:
                return .end
            case .wait:
                guard let attachment = shared.attachment else { return .failed }
                let (handle, socket, hangups, halfClosed) = (
                    attachment.connection, attachment.socket, attachment.hangups, shared.clientHalfClosed
                )
                // Under the lock, so a wake() cannot fall between the empty read and the suspension.
                // The socket is watched exactly while the connection is suspended (both closures run
                // under the parker's lock), so it is forgotten before libmicrohttpd can close it.
                guard
                    let ticket = attachment.parker.park(
                        suspend: {
                            suspendConnection(handle)
                            hangups.watch(socket, halfClosed: halfClosed) { [weak self] in self?.client($0) }
                        },
                        resume: {
                            hangups.forget(socket)
                            resumeConnection(handle)
                        })
                else { return .failed }
                shared.parked = ticket
                return .suspended
            }
        }
    }

    /// The next heartbeat, `heartbeatInterval` after `start`; each one due schedules the next from
    /// the clock's now, so a clock moved far ahead beats once, not once per interval it skipped.
    /// None after the stream finished.
    private func scheduleHeartbeat(after start: WallTime, on clock: any WakingClock) {
        let deadline = start + heartbeatInterval
        clock.wake(at: deadline) { [weak self] in
            guard let self else { return }
            let finished = shared.withLock { shared in
                if !shared.finished { shared.state.heartbeatDue = true }
                return shared.finished
            }
            guard !finished else { return }
            wake()
            scheduleHeartbeat(after: max(deadline, clock.now), on: clock)
        }
    }
}
