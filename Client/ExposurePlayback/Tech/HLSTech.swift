import Clocks
import Exposure
import Foundation
import Synchronization

/// The I/O shell around ``HLSEngine``: performs its fetches through an ``HTTPTransport`` (and
/// reads `file:` URLs, a downloaded package, from the disk), waits — on a ``WallClock``, for
/// its next deadline or the next command, whichever comes first — only when the engine has
/// nothing in flight, and feeds everything back.
///
/// Fetches run one at a time, in the loop, so a virtual clock never moves during one (unless
/// a ``ModelledNetwork`` deliberately spends the transfer time).
package final class HLSTech: PlaybackTech {
    private struct State {
        var commands: [EngineCommand] = []
        var status = TechStatus()
    }

    private let loader: MediaLoader
    private let clock: any WallClock
    private let state = Mutex(State())
    private let commandQueued = CommandSignal()

    /// A tech fetching through `transport` and keeping time with `clock`; the keys of a
    /// downloaded package (``OfflineKeyURI``s) are asked of `offlineKeys`, for its download.
    package init(transport: any HTTPTransport, clock: any WallClock, offlineKeys: (source: any OfflineKeySource, assetId: String)? = nil) {
        loader = MediaLoader(network: transport, offlineKeys: offlineKeys)
        self.clock = clock
    }

    /// The latest snapshot.
    package var status: TechStatus { state.withLock { $0.status } }

    /// Queues `command` and wakes the loop.
    package func perform(_ command: EngineCommand) {
        state.withLock { $0.commands.append(command) }
        commandQueued.signal()
    }

    /// Runs the engine to its end.
    package func run(_ configuration: EngineConfiguration, observer: any TechObserver) async {
        var engine = HLSEngine(configuration: configuration)
        while !Task.isCancelled {
            await deliver(engine.handle(.tick(now: clock.now)), engine: engine, to: observer)
            await advance(engine, observer: observer)
            // Commands (from the app or from listeners just called) apply before anything else.
            let commands = state.withLock { state in
                defer { state.commands = [] }
                return state.commands
            }
            for command in commands {
                if case .seekToTime(let time) = command, !(await observer.techShouldSeek(to: time)) { continue }
                await deliver(engine.handle(.command(command)), engine: engine, to: observer)
            }
            if !commands.isEmpty { await advance(engine, observer: observer) }
            // Once over, commands still arriving (a repeated stop) must not keep the loop alive.
            if !engine.isOver, state.withLock({ !$0.commands.isEmpty }) { continue }
            switch engine.nextStep() {
            case .finished:
                publish(engine)
                return
            case .fetch(let fetch):
                let started = clock.now
                let loaded = await loader.load(fetch.url, playSessionId: configuration.playSessionId)
                let received = clock.now
                let input: EngineInput =
                    switch loaded {
                    case .success(let loaded): .fetched(id: fetch.id, body: loaded.body, elapsed: received - started)
                    case .failure(let failure):
                        failure.refusal.map { .fetchRefused(id: fetch.id, status: $0.status, body: $0.body) }
                            ?? .fetchFailed(id: fetch.id, reason: failure.reason)
                    }
                await deliver(engine.handle(.tick(now: clock.now)), engine: engine, to: observer)
                await deliver(engine.handle(input), engine: engine, to: observer)
                // A downloaded key's license, counted down on this playback's clock from the moment
                // the key arrived (not after the listeners above ran).
                if case .success(let loaded) = loaded, let timeLeft = loaded.licenseTimeLeft {
                    await deliver(engine.handle(.licenseEnds(at: received.advanced(by: timeLeft))), engine: engine, to: observer)
                }
            case .wait(let until):
                await waitForCommand(orUntil: wakeDeadline(engine: engine, until: until, observer: observer))
            }
        }
        _ = engine.handle(.command(.stop))
        publish(engine)
    }

    private func advance(_ engine: HLSEngine, observer: any TechObserver) async {
        publish(engine)
        if engine.phase != .stopped, engine.phase != .failed { await observer.techDidAdvance(status: status) }
    }

    /// Returns at `deadline` (clock time) or when a command is queued, whichever comes first
    /// (or when the task is cancelled); with no deadline, only for a command.
    private func waitForCommand(orUntil deadline: WallTime?) async {
        guard let deadline else { return await commandQueued.wait() }
        await withTaskGroup(of: Void.self) { group in
            group.addTask { try? await self.clock.sleep(until: deadline, tolerance: nil) }
            group.addTask { await self.commandQueued.wait() }
            await group.next()
            group.cancelAll()
        }
    }

    /// The engine's deadline, brought forward to the observer's next boundaries (time and position,
    /// while playing) and its next wake (analytics, while the session is open).
    private func wakeDeadline(engine: HLSEngine, until: WallTime?, observer: any TechObserver) -> WallTime? {
        let now = clock.now
        let soonest = Duration.milliseconds(1)
        var deadlines = until.map { [$0] } ?? []
        if engine.phase == .playing, let time = engine.playheadTime, let boundary = observer.nextBoundaryTime(after: time) {
            deadlines.append(now + max(soonest, boundary - time))
        }
        let position = engine.playhead
        if engine.phase == .playing, let boundary = observer.nextBoundaryPosition(after: position) {
            deadlines.append(now + max(soonest, boundary - position))
        }
        // The observer's wake (analytics heartbeats and retries) counts in every phase a session is
        // open in: a paused or not yet started player still reports itself.
        if !engine.isOver, let wake = observer.nextWake() { deadlines.append(max(now + soonest, wake)) }
        return deadlines.min()
    }

    private func deliver(_ events: [EngineEvent], engine: HLSEngine, to observer: any TechObserver) async {
        guard !events.isEmpty else { return }
        publish(engine)
        let snapshot = status
        for event in events { await observer.tech(didEmit: event, status: snapshot) }
    }

    private func publish(_ engine: HLSEngine) {
        let snapshot = TechStatus(engine)
        state.withLock { $0.status = snapshot }
    }
}
