import Foundation
import MockPlatform

/// The command line of `exposure-mock`.
struct MockArguments {
    var host = "127.0.0.1"
    var port = 8080
    var fixtures = FixtureLoader.bundledDirectory
    var logLevel = LogLevel.info
    var checkOnly = false

    enum LogLevel: String {
        /// Nothing but the start banner and errors.
        case quiet
        /// One line per request.
        case info
    }

    static let usage = """
        Usage: exposure-mock [--host ADDR] [--port N] [--fixtures DIR] [--log-level quiet|info] [--check-fixtures]

          --host ADDR        address to bind (default 127.0.0.1)
          --port N           port to listen on; 0 picks a free one (default 8080)
          --fixtures DIR     fixtures directory (default: the bundled Fixtures/)
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
