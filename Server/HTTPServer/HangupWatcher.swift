import CMicroHTTPD
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Notices clients that leave while their connection is suspended.
///
/// libmicrohttpd does not look at a suspended connection's socket at all, so a server-sent-events
/// client that goes away while its stream waits for news would be noticed only when the stream
/// next writes (its heartbeat, up to 15 s later), holding its connection, its watcher and its
/// backlog until then. While a stream's connection is suspended its socket is watched here, on
/// one thread with one epoll set, for the peer's FIN (`EPOLLRDHUP`) or reset (`EPOLLHUP`,
/// `EPOLLERR`), and the stream is told at once which it was (``Hangup``).
///
/// A FIN alone does not prove the client gone: a client that half-closes (`shutdown(SHUT_WR)`,
/// as `nc -N` and some HTTP clients do once the request is out) still reads the stream, and the
/// socket looks the same as one whose client closed it. Only writing tells them apart, so a FIN
/// is reported as ``Hangup/halfClosed`` (the stream sends a heartbeat right away) and the socket
/// is watched from then on for a reset only: a client that closed answers the heartbeat with
/// one, and the stream ends; one that half-closed reads it and the stream goes on. A stream
/// without a heartbeat has nothing to probe with and ends on the FIN.
///
/// A socket is watched only between its connection's suspension and its resumption, both done
/// under the ``ConnectionParker``'s lock, and libmicrohttpd closes a socket only once its
/// connection runs again, so a descriptor is always forgotten before it can be closed and its
/// number reused. Each registration carries a generation, so an event already read for a
/// descriptor forgotten meanwhile is dropped.
final class HangupWatcher: @unchecked Sendable {
    // @unchecked: every stored property but `finished` is only touched with `lock` held.

    /// What the peer of a watched socket did.
    enum Hangup: Equatable {
        /// It sent a FIN: it closed the connection, or only its sending half.
        case halfClosed
        /// It reset the connection, or the socket failed: nothing more reaches it.
        case gone
    }

    private struct Watched {
        let generation: UInt32
        let noticed: @Sendable (Hangup) -> Void
    }

    /// The epoll set and the descriptor that stops its thread, made with the first watch: a
    /// server that never streams has neither, nor a thread.
    private struct Poller {
        let set: Int32
        /// Written to by `stop()`; registered with data 0, which no watched socket's event carries.
        let stopSignal: Int32
    }

    private let lock = NSLock()
    private var watched: [Int32: Watched] = [:]
    private var generation: UInt32 = 0
    private var isStopped = false
    private var poller: Poller?
    /// Signalled by the thread as it returns.
    private let finished = DispatchSemaphore(value: 0)

    /// Calls `noticed` once (on the watcher's thread, no lock held) if the peer of `descriptor`
    /// sends a FIN or resets before ``forget(_:)``; after a FIN was reported (`halfClosed`), only
    /// a reset is watched for (the FIN stays readable and would be reported again at once).
    func watch(_ descriptor: Int32, halfClosed: Bool, noticed: @escaping @Sendable (Hangup) -> Void) {
        #if canImport(Glibc)
        lock.withLock {
            guard !isStopped, descriptor >= 0, let poller = startedPoller() else { return }
            generation &+= 1
            watched[descriptor] = Watched(generation: generation, noticed: noticed)
            var event = epoll_event()
            event.events = (halfClosed ? 0 : EPOLLRDHUP.rawValue) | EPOLLHUP.rawValue | EPOLLERR.rawValue | EPOLLONESHOT.rawValue
            event.data.u64 = UInt64(generation) << 32 | UInt64(UInt32(bitPattern: descriptor))
            if epoll_ctl(poller.set, EPOLL_CTL_ADD, descriptor, &event) != 0 {
                _ = epoll_ctl(poller.set, EPOLL_CTL_MOD, descriptor, &event)
            }
        }
        #endif
    }

    /// Stops watching `descriptor` (its connection resumes).
    func forget(_ descriptor: Int32) {
        #if canImport(Glibc)
        lock.withLock {
            guard watched.removeValue(forKey: descriptor) != nil, let poller else { return }
            _ = epoll_ctl(poller.set, EPOLL_CTL_DEL, descriptor, nil)
        }
        #endif
    }

    /// Ends the thread, if one started, and waits for it; nothing is watched afterwards. The server
    /// calls this once every parked connection was resumed.
    func stop() {
        let running = lock.withLock { () -> Poller? in
            defer { isStopped = true }
            return isStopped ? nil : poller
        }
        #if canImport(Glibc)
        guard let running else { return }
        var one: UInt64 = 1
        _ = write(running.stopSignal, &one, MemoryLayout<UInt64>.size)
        finished.wait()
        close(running.stopSignal)
        close(running.set)
        #endif
    }

    #if canImport(Glibc)
    /// The poller, made and its thread started on first use (with `lock` held); nil when the
    /// system refuses the descriptors (the heartbeat still notices a client gone).
    private func startedPoller() -> Poller? {
        if let poller { return poller }
        let set = epoll_create1(Int32(EPOLL_CLOEXEC))
        guard set >= 0 else { return nil }
        let stopSignal = eventfd(0, Int32(EFD_CLOEXEC))
        var event = epoll_event()
        event.events = EPOLLIN.rawValue
        event.data.u64 = 0
        guard stopSignal >= 0, epoll_ctl(set, EPOLL_CTL_ADD, stopSignal, &event) == 0 else {
            close(set)
            if stopSignal >= 0 { close(stopSignal) }
            return nil
        }
        let made = Poller(set: set, stopSignal: stopSignal)
        poller = made
        let thread = Thread { [self] in run(on: set) }
        thread.name = "HTTPServer hang-ups"
        thread.start()
        return made
    }

    private func run(on set: Int32) {
        defer { finished.signal() }
        var events = [epoll_event](repeating: epoll_event(), count: 64)
        while true {
            let ready = epoll_wait(set, &events, Int32(events.count), -1)
            if ready < 0 {
                if errno == EINTR { continue }
                return
            }
            for event in events.prefix(Int(ready)) {
                let data = event.data.u64
                guard data != 0 else { return }
                let descriptor = Int32(bitPattern: UInt32(truncatingIfNeeded: data))
                let generation = UInt32(truncatingIfNeeded: data >> 32)
                let noticed = lock.withLock { () -> (@Sendable (Hangup) -> Void)? in
                    guard let entry = watched[descriptor], entry.generation == generation else { return nil }
                    watched[descriptor] = nil
                    _ = epoll_ctl(set, EPOLL_CTL_DEL, descriptor, nil)
                    return entry.noticed
                }
                noticed?(event.events & (EPOLLHUP.rawValue | EPOLLERR.rawValue) != 0 ? .gone : .halfClosed)
            }
        }
    }
    #endif
}
