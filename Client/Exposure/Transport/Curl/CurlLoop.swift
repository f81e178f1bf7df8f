#if canImport(CCurl)
import Foundation
import Synchronization

/// The thread a ``CurlTransport`` runs its transfers on: one libcurl multi handle driven by
/// `curl_multi_poll`, so any number of requests share one thread and one connection cache, and
/// none blocks a thread of Swift's cooperative pool.
///
/// Other threads only leave work in the inbox and wake the poll: a new transfer, a cancelled
/// one (taken off the multi handle at once, its connection closed mid-exchange), or the end of
/// the loop when its transport is released. Easy handles are kept for the next transfer rather
/// than made anew, with the options all transfers share set once.
final class CurlLoop: Sendable {
    /// Easy handles kept between transfers; more than this many idle are freed.
    static let maximumIdleHandles = 64

    private struct Inbox {
        var started: [CurlTransfer] = []
        var cancelled: [CurlTransfer] = []
        var stopped = false

        /// Leaves `transfer` to be started; true when the loop must be woken for it.
        mutating func start(_ transfer: CurlTransfer) -> Bool {
            defer { started.append(transfer) }
            return isTaken
        }

        /// Leaves `transfer` to be cancelled; true when the loop must be woken for it.
        mutating func cancel(_ transfer: CurlTransfer) -> Bool {
            defer { cancelled.append(transfer) }
            return isTaken
        }

        /// Whether the loop has taken everything left here. Only the first item after that needs
        /// a wake-up: the loop takes the whole inbox when it wakes, and each `curl_multi_wakeup`
        /// is a system call (and a thread woken when the loop sleeps).
        private var isTaken: Bool { started.isEmpty && cancelled.isEmpty && !stopped }
    }

    private let inbox = Mutex(Inbox())
    /// What every transfer on this loop is set up with.
    private let settings: CurlTransport.Settings
    /// The multi handle, or why libcurl could not make one (every request then fails with it).
    private let multi: Result<CurlMulti, CurlTransportError>

    /// Starts the loop's thread, for transfers set up with `settings`.
    init(settings: CurlTransport.Settings) {
        self.settings = settings
        multi = Result { () throws(CurlTransportError) in try CurlMulti() }
        if case .success(let multi) = multi {
            let thread = Thread { self.run(multi) }
            thread.name = "CurlTransport"
            thread.start()
        }
    }

    /// Starts `transfer`; its continuation is resumed on the loop's thread when it ends.
    func submit(_ transfer: CurlTransfer) {
        switch multi {
        case .success(let multi):
            if inbox.withLock({ $0.start(transfer) }) { multi.wakeUp() }
        case .failure(let error):
            transfer.finish(.failure(error))
        }
    }

    /// Stops `transfer` if it is still running; it then throws `CancellationError`.
    func cancel(_ transfer: CurlTransfer) {
        transfer.isCancelled.store(true, ordering: .releasing)
        guard case .success(let multi) = multi else { return }
        if inbox.withLock({ $0.cancel(transfer) }) { multi.wakeUp() }
    }

    /// Ends the thread, closing every connection; transfers still running throw
    /// `CancellationError`.
    func stop() {
        guard case .success(let multi) = multi else { return }
        inbox.withLock { $0.stopped = true }
        multi.wakeUp()
    }

    /// The loop: take the inbox, move transfers along, finish those that ended, wait.
    private func run(_ multi: CurlMulti) {
        var idleHandles: [CurlEasy] = []
        var running: [ObjectIdentifier: CurlTransfer] = [:]
        while true {
            let work = inbox.withLock { inbox in
                defer {
                    inbox.started = []
                    inbox.cancelled = []
                }
                return inbox
            }
            for transfer in work.started {
                guard !work.stopped, !transfer.isCancelled.load(ordering: .acquiring) else {
                    transfer.finish(.failure(CancellationError()))
                    continue
                }
                do {
                    let easy = try idleHandles.popLast() ?? CurlEasy(settings: settings)
                    try easy.prepare(for: transfer, proxy: settings.proxy)
                    transfer.easy = easy
                    try multi.add(easy)
                    running[ObjectIdentifier(easy)] = transfer
                } catch {
                    transfer.finish(.failure(error))
                }
            }
            let cancelled = work.stopped ? Array(running.values) : work.cancelled
            for transfer in cancelled {
                guard let easy = transfer.easy, running.removeValue(forKey: ObjectIdentifier(easy)) != nil else { continue }
                multi.remove(easy)
                transfer.finish(.failure(CancellationError()))
                Self.keep(easy, in: &idleHandles)
            }
            if work.stopped { return }
            for (easy, failure) in multi.perform() {
                guard let transfer = running.removeValue(forKey: ObjectIdentifier(easy)) else { continue }
                transfer.finish(
                    failure.map { .failure($0) } ?? .success(transfer.response(status: easy.responseCode, headers: easy.responseHeaders)))
                Self.keep(easy, in: &idleHandles)
            }
            // Idle, only the inbox can give it work; busy, libcurl's timers cut the wait short
            // as they need.
            multi.poll(milliseconds: running.isEmpty ? 60_000 : 1_000)
        }
    }

    private static func keep(_ easy: CurlEasy, in idleHandles: inout [CurlEasy]) {
        if idleHandles.count < maximumIdleHandles { idleHandles.append(easy) }
    }
}
#endif
