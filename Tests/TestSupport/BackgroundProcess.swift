import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A program a test starts, talks to while it runs, and then ends with a signal: its standard
/// output comes back to the test, its standard error goes to /dev/null.
///
/// Call its blocking methods off the cooperative pool (`offThePool`).
public final class BackgroundProcess: @unchecked Sendable {
    // @unchecked: `output` is read by one caller at a time; `ended` and `outputClosed` only under `lock`.
    private let child: SpawnedChild
    private let output: FileHandle
    private let lock = NSLock()
    private var ended: (exited: Bool, code: Int32)?
    private var outputClosed = false

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
        output = FileHandle(fileDescriptor: child.output, closeOnDealloc: true)
    }

    deinit { _ = end(with: SIGKILL) }

    /// Reads standard output until a line for which `isWanted` holds has been read whole, or the
    /// output ends; returns everything read. Each line is looked at once, so a program that writes
    /// thousands of lines costs the test no more than reading them.
    public func readOutput(untilALine isWanted: (Substring) -> Bool) -> String {
        var seen = Data()
        var lineStart = 0
        while true {
            let chunk = output.availableData
            guard !chunk.isEmpty else { break }
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
        lock.lock()
        defer { lock.unlock() }
        if ended == nil { kill(child.pid, signal) }
    }

    /// Closes the test's end of the program's standard output, as `head` does once it has read
    /// enough: the program's next write finds no reader.
    public func closeOutput() {
        lock.lock()
        defer { lock.unlock() }
        if !outputClosed { try? output.close() }
        outputClosed = true
    }

    /// Sends `signal` (unless the program already ended, or `signal` is nil) and waits for the
    /// program to end; one that is still running 10 s later is killed, so a test fails instead of hanging.
    public func end(with signal: Int32?) -> Ending {
        lock.lock()
        defer { lock.unlock() }
        if ended == nil {
            if let signal { kill(child.pid, signal) }
            // Whatever it still writes is read and dropped: a program blocked writing to a
            // full pipe could otherwise never get to end.
            if !outputClosed { _ = fcntl(child.output, F_SETFL, fcntl(child.output, F_GETFL) | O_NONBLOCK) }
            let deadline = ContinuousClock.now + .seconds(10)
            while ended == nil, ContinuousClock.now < deadline {
                drainOutput()
                ended = child.ended()
                if ended == nil { usleep(10_000) }
            }
            if ended == nil {
                kill(child.pid, SIGKILL)
                ended = child.wait()
            }
        }
        let (exited, code) = ended!
        return exited ? .exited(code) : .signaled(code)
    }

    private func drainOutput() {
        guard !outputClosed else { return }
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while read(child.output, &buffer, buffer.count) > 0 {}
    }
}
