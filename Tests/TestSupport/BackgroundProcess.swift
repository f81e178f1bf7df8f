import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A program a test starts, talks to while it runs, and then ends with a signal: its standard
/// output comes back to the test, its standard error goes to /dev/null. Every wait (for output,
/// for the end) suspends the task and holds no thread.
public final class BackgroundProcess: Sendable {
    private struct State {
        var ending: Ending?
        var outputClosed = false
    }

    private let child: SpawnedChild
    private let state = Mutex(State())

    /// How the program ended.
    public enum Ending: Equatable, Sendable {
        /// It exited with this status.
        case exited(Int32)
        /// This signal ended it.
        case signaled(Int32)
    }

    /// Starts `executable` with `arguments` and the test's own environment, `environment` merged over it.
    public init(_ executable: URL, _ arguments: [String], environment overrides: [String: String] = [:]) throws {
        let environment = ProcessInfo.processInfo.environment.merging(overrides) { $1 }.map { "\($0.key)=\($0.value)" }
        child = try SpawnedChild(executable.path, [executable.path] + arguments, environment: environment, pipeErrors: false)
    }

    /// A program never ended by the test is killed and reaped in the background.
    deinit {
        let (ended, outputClosed) = state.withLock { ($0.ending != nil, $0.outputClosed) }
        if !outputClosed { close(child.output) }
        if !ended { child.killAndReapInBackground() }
    }

    /// Reads standard output until a line for which `isWanted` holds has been read whole, or the
    /// output ends; returns everything read. Each line is looked at once, so a program that writes
    /// thousands of lines costs the test no more than reading them.
    public func readOutput(untilALine isWanted: (Substring) -> Bool) async -> String {
        var seen = Data()
        var lineStart = 0
        while case .bytes(let chunk) = await readAvailable(child.output, within: nil) {
            seen += chunk
            let text = String(decoding: seen[lineStart...], as: UTF8.self)
            guard let lastBreak = text.lastIndex(of: "\n") else { continue }
            let lines = text[..<lastBreak].split(separator: "\n", omittingEmptySubsequences: false)
            lineStart += text[...lastBreak].utf8.count
            if lines.contains(where: isWanted) { break }
        }
        return String(decoding: seen, as: UTF8.self)
    }

    /// Sends `signal` without waiting: read what the program writes as it ends with
    /// `readOutput`, then reap it with `end(with:)`.
    public func send(_ signal: Int32) {
        state.withLock { state in
            if state.ending == nil { kill(child.pid, signal) }
        }
    }

    /// Closes the test's end of the program's standard output, as `head` does once it has read
    /// enough: the program's next write finds no reader.
    public func closeOutput() {
        state.withLock { state in
            if !state.outputClosed { close(child.output) }
            state.outputClosed = true
        }
    }

    /// Sends `signal` (unless the program already ended, or `signal` is nil) and waits for the
    /// program to end; one that is still running 10 s later is killed, so a test fails instead of
    /// hanging. Whatever it still writes meanwhile is read and dropped: a program blocked writing
    /// to a full pipe could otherwise never get to end. Call it from one task at a time.
    public func end(with signal: Int32?) async -> Ending {
        let (ending, outputClosed) = state.withLock { state in
            if state.ending == nil, let signal { kill(child.pid, signal) }
            return (state.ending, state.outputClosed)
        }
        if let ending { return ending }
        let ended = await withTaskGroup(of: (exited: Bool, code: Int32)?.self) { group in
            if !outputClosed {
                group.addTask { [child] in
                    while case .bytes = await readAvailable(child.output, within: nil) {}
                    return nil
                }
            }
            group.addTask { [child] in
                if let ended = await child.ended(within: .seconds(10)) { return ended }
                kill(child.pid, SIGKILL)
                return await child.ended(within: nil)
            }
            var ended: (exited: Bool, code: Int32)?
            for await outcome in group where outcome != nil {
                ended = outcome
                group.cancelAll()
            }
            return ended
        }
        guard let ended else {
            // Cancelled while waiting: killed, and counted as ended so `deinit` leaves it be.
            child.killAndReapInBackground()
            state.withLock { $0.ending = .signaled(SIGKILL) }
            return .signaled(SIGKILL)
        }
        let result: Ending = ended.exited ? .exited(ended.code) : .signaled(ended.code)
        state.withLock { $0.ending = result }
        return result
    }
}
