import Clocks
import ExposureModels

extension AnalyticsDispatcher {
    /// A dispatcher reading the time from `now`, milliseconds since 1970: the spelling before
    /// the dispatcher took a ``WallClock``.
    @available(
        *, deprecated, renamed: "init(configuration:outbox:transport:clock:currentToken:random:log:)",
        message: "pass a WallClock (RealClock() in an app)"
    )
    public convenience init(
        configuration: Configuration, outbox: AnalyticsOutbox?, transport: any HTTPTransport = AutomaticTransport.shared,
        now: @escaping @Sendable () -> Int64, currentToken: @escaping @Sendable () -> SessionToken? = { nil },
        random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) },
        log: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.init(
            configuration: configuration, outbox: outbox, transport: transport, clock: ReadingClock(read: now),
            currentToken: currentToken, random: random, log: log)
    }
}

/// A wall clock that reads a closure's milliseconds since 1970. The dispatcher only reads the
/// time; a sleep on it waits in real time for the distance the closure reads to the deadline.
private struct ReadingClock: WallClock {
    let read: @Sendable () -> Int64

    var now: WallTime { WallTime(millisecondsSince1970: read()) }

    func sleep(until deadline: WallTime, tolerance: Duration?) async throws {
        let remaining = now.duration(to: deadline)
        if remaining > .zero { try await Task.sleep(for: remaining) }
    }
}
