import Foundation
import MockPlatform
import SQLiteStore

/// `exposure-mock`: serves the mock Exposure platform until SIGINT or SIGTERM.
/// Output is written unbuffered so request lines show up at once when piped to a file.
@Sendable func standardOutput(_ text: String) { FileHandle.standardOutput.write(Data((text + "\n").utf8)) }
@Sendable func standardError(_ text: String) { FileHandle.standardError.write(Data((text + "\n").utf8)) }

let terminationSignals = TerminationSignals.block()

let arguments: MockArguments
do {
    arguments = try MockArguments(Array(CommandLine.arguments.dropFirst()))
} catch {
    if let message = error.message { standardError("exposure-mock: \(message)\n") }
    standardError(MockArguments.usage)
    exit(error.message == nil ? 0 : 64)
}

if arguments.checkOnly {
    do {
        let catalog = try FixtureLoader.load(from: arguments.fixtures)
        standardOutput(
            "Fixtures OK: \(catalog.assets.count) assets, \(catalog.channels.count) channels, \(catalog.users.count) users (\(arguments.fixtures.path))"
        )
        exit(0)
    } catch {
        standardError(error.description)
        exit(65)
    }
}

let platform: MockPlatform
do {
    let log: (@Sendable (String) -> Void)? = arguments.logLevel == .info ? standardOutput : nil
    let state: any PlatformState = try arguments.statePath.map { try SQLiteState(path: $0) } ?? MemoryState()
    platform = try MockPlatform(
        configuration: MockPlatform.Configuration(
            host: arguments.host, port: arguments.port, fixturesDirectory: arguments.fixtures, requestLog: log,
            adminToken: arguments.adminToken, journalCapacity: arguments.journalCapacity), state: state)
    try platform.start()
} catch let problems as FixtureProblems {
    standardError(problems.description)
    exit(65)
} catch let error as SQLiteError {
    standardError("exposure-mock: cannot open the state file: \(error)")
    exit(73)
} catch {
    standardError("exposure-mock: cannot start: \(error)")
    exit(69)
}

standardOutput(StartBanner.text(for: platform))
terminationSignals.waitThenStop(platform, announce: standardOutput)
