import ExposurePlayback
import Testing

@Suite struct CommandSignalTests {
    @Test func aSignalBeforeTheWaitEndsItAtOnce() async {
        let signal = CommandSignal()
        signal.signal()
        await signal.wait()
    }

    @Test func aSignalWakesTheWaiter() async {
        let signal = CommandSignal()
        async let woke: Void = signal.wait()
        signal.signal()
        await woke
    }

    @Test func aCancelledWaitLeavesTheNextSignalForTheNextWait() async {
        let signal = CommandSignal()
        let cancelled = Task { await signal.wait() }
        cancelled.cancel()
        await cancelled.value
        signal.signal()
        await signal.wait()
    }
}
