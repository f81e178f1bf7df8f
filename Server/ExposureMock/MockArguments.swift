import Foundation
import MockPlatform

/// The command line of `exposure-mock`.
struct MockArguments {
    var host = "127.0.0.1"
    var port = 8080
    var fixtures = FixtureLoader.bundledDirectory
    var logLevel = LogLevel.info
    var checkOnly = false
    /// The state file; nil keeps state in memory (forgotten at exit).
    var statePath: String?
    var adminToken: String?
    var journalCapacity = 10_000

    enum LogLevel: String {
        /// Nothing but the start banner and errors.
        case quiet
        /// One line per request.
        case info
    }

    static let usage = """
        Usage: exposure-mock [--host ADDR] [--port N] [--fixtures DIR] [--state FILE] [--admin-token TOKEN]
                             [--journal-capacity N] [--log-level quiet|info] [--check-fixtures]

          --host ADDR        address to bind (default 127.0.0.1)
          --port N           port to listen on; 0 picks a free one (default 8080)
          --fixtures DIR     fixtures directory (default: the bundled Fixtures/)
          --state FILE       keep sessions, bookmarks, play sessions and downloads in this SQLite
                             file across restarts (default: in memory, forgotten at exit)
          --admin-token TOKEN
                             require `Authorization: Bearer TOKEN` on /_mock/ (needed to have the
                             admin API at all when --host is not a loopback address)
          --journal-capacity N
                             requests the journal keeps before dropping the oldest (default 10000)
          --log-level LEVEL  quiet, or info for one line per request (default info)
          --check-fixtures   validate the fixtures, print every problem, and exit
        """

    /// Parses `arguments` (without the program name); throws a message for the user.
    init(_ arguments: [String]) throws(UsageError) {
        var remaining = arguments[...]
        func value(for flag: String) throws(UsageError) -> String {
            guard let value = remaining.popFirst() else { throw UsageError("\(flag) needs a value") }
            return value
        }
        while let flag = remaining.popFirst() {
            switch flag {
            case "--host": host = try value(for: flag)
            case "--port":
                let text = try value(for: flag)
                guard let number = Int(text), (0...65_535).contains(number) else { throw UsageError("--port takes 0…65535, not \(text)") }
                port = number
            case "--fixtures": fixtures = URL(fileURLWithPath: try value(for: flag))
            case "--log-level":
                let text = try value(for: flag)
                guard let level = LogLevel(rawValue: text) else { throw UsageError("--log-level takes quiet or info, not \(text)") }
                logLevel = level
            case "--check-fixtures": checkOnly = true
            case "--state": statePath = try value(for: flag)
            case "--admin-token":
                let token = try value(for: flag)
                guard !token.isEmpty else { throw UsageError("--admin-token needs a non-empty token") }
                adminToken = token
            case "--journal-capacity":
                let text = try value(for: flag)
                guard let number = Int(text), number >= 1 else {
                    throw UsageError("--journal-capacity takes a number of at least 1, not \(text)")
                }
                journalCapacity = number
            case "--help", "-h": throw UsageError(nil)
            default: throw UsageError("unknown argument \(flag)")
            }
        }
    }

    /// A command-line mistake; nil message means help was asked for.
    struct UsageError: Error {
        let message: String?
        init(_ message: String?) { self.message = message }
    }
}
