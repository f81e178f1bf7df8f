import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A program a test starts, talks to while it runs, and then ends with a signal: its standard
/// output comes back to the test, its standard error goes to /dev/null.
///
/// Call its blocking methods off the cooperative pool (`offThePool`).
public final class BackgroundProcess: @unchecked Sendable {
    // @unchecked: `output` is read by one caller at a time; `ended` only under `lock`.
    private let child: SpawnedChild
    private let output: FileHandle
    private let lock = NSLock()
    private var ended: (exited: Bool, code: Int32)?

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

    /// Reads standard output until `isComplete` holds for all of it read so far, or it ends;
    /// returns what was read.
    public func readOutput(until isComplete: (String) -> Bool) -> String {
        var seen = Data()
        while !isComplete(String(decoding: seen, as: UTF8.self)) {
            let chunk = output.availableData
            guard !chunk.isEmpty else { break }
            seen += chunk
        }
        return String(decoding: seen, as: UTF8.self)
    }

    /// Sends `signal` (unless the program already ended) and waits for the program to end; one
    /// that is still running 10 s later is killed, so a test fails instead of hanging.
    public func end(with signal: Int32) -> Ending {
        lock.lock()
        defer { lock.unlock() }
        if ended == nil {
            kill(child.pid, signal)
            let deadline = ContinuousClock.now + .seconds(10)
            while ended == nil, ContinuousClock.now < deadline {
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
}
