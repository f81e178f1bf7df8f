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
