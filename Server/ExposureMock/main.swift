import Clocks
import ExposureModels
import Foundation
import HTTPServer
import MockPlatform
import SQLiteStore
import ServerTLS
import Synchronization

/// `exposure-mock`: serves the mock Exposure platform until SIGINT or SIGTERM.
/// Output is written unbuffered so lines show up at once when piped to a file: the start banner
/// and answers to --help, --version and --check-fixtures on standard output, the log and every
/// error on standard error.
/// One line at a time: request lines come from every worker thread, and a long one written by
/// two threads at once would interleave on a pipe.
let outputLock = Mutex(())
@Sendable func standardOutput(_ text: String) { outputLock.withLock { _ in FileHandle.standardOutput.write(Data((text + "\n").utf8)) } }
@Sendable func standardError(_ text: String) { outputLock.withLock { _ in FileHandle.standardError.write(Data((text + "\n").utf8)) } }

/// Exits 2 with `error` and a pointer to the help: a bad flag, variable or value.
func exitForUsage(_ error: UsageError) -> Never {
    standardError("\(error); run exposure-mock --help for usage")
    exit(2)
}

let terminationSignals = TerminationSignals.block()

let configuration: MockConfiguration
let checkOnly: Bool
do {
    switch try MockCommandLine.parse(Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment) {
    case .help:
        standardOutput(MockCommandLine.help)
        exit(0)
    case .version:
        standardOutput(ProductVersion.line(program: "exposure-mock"))
        exit(0)
    case .checkFixtures(let parsed): (configuration, checkOnly) = (parsed, true)
    case .serve(let parsed): (configuration, checkOnly) = (parsed, false)
    }
} catch {
    exitForUsage(error)
}

let fixtures: URL
do {
    fixtures = try FixtureFolder.resolve(configuration.fixtures)
} catch {
    exitForUsage(error)
}

if checkOnly {
    do {
        let catalog = try FixtureLoader.load(from: fixtures, at: PlatformClock().now)
        standardOutput(
            "Fixtures OK: \(catalog.assets.count) assets, \(catalog.channels.count) channels, \(catalog.users.count) users (\(fixtures.path))"
        )
        exit(0)
    } catch {
        standardError(error.description)
        exit(65)
    }
}

let log = MockLog(format: configuration.logFormat, level: configuration.logLevel, write: standardError)
log.event(
    "configuration", .debug,
    "\(ProductVersion.line(program: "exposure-mock")), fixtures \(fixtures.path), state \(configuration.statePath ?? "in memory")")
let diagnostics = HeldDiagnostics { log.event("server", .warning, $0) }
// HTTPS: one's own certificate, else the development CA's (made on first use).
var authority: DevelopmentCA?
var https: HTTPSListener?
if configuration.servesHTTPS {
    var identity = configuration.tlsIdentity
    if identity == nil {
        let developmentCA = DevelopmentCA(folder: DevelopmentCA.standardFolder(variables: ProcessInfo.processInfo.environment))
        do {
            identity = try developmentCA.serverIdentity(now: .systemNow)
        } catch {
            standardError("exposure-mock: cannot serve HTTPS: \(error)")
            exit(73)
        }
        authority = developmentCA
    }
    https = identity.map { HTTPSListener(identity: $0, port: configuration.tlsPort) }
}
let platform: MockPlatform
do {
    let state: any PlatformState = try configuration.statePath.map { try SQLiteState(path: $0) } ?? MemoryState()
    platform = try MockPlatform(
        configuration: MockPlatform.Configuration(
            host: configuration.host, port: configuration.port, https: https, fixturesDirectory: fixtures,
            requestLog: configuration.logLevel == .quiet ? nil : log.request,
            diagnosticLog: diagnostics.report, adminToken: configuration.adminToken,
            journalCapacity: configuration.journalCapacity, faultSeed: configuration.faultSeed), state: state)
    try platform.start()
    diagnostics.release()
} catch let problems as FixtureProblems {
    standardError(problems.description)
    exit(65)
} catch let error as SQLiteError {
    standardError("exposure-mock: cannot open the state file \(configuration.statePath ?? ""): \(error)")
    exit(73)
} catch let error as HTTPServerError {
    standardError("exposure-mock: \(ListenFailure.message(error))")
    exit(ListenFailure.isUsageError(error) ? 2 : 69)
} catch {
    standardError("exposure-mock: cannot start: \(error)")
    exit(69)
}

let served = platform.baseURLs + [platform.baseURL + "/_mock/"]
let origins = platform.baseURLs.joined(separator: " and ")
let trust = authority.map { ", HTTPS certificate from the development CA \($0.certificateFile.path)" } ?? ""
log.event(
    "start", .info, "\(ProductVersion.line(program: "exposure-mock")) serving \(origins) (admin API \(served.last!))\(trust)", urls: served)
standardOutput(StartBanner.text(for: platform, authority: authority))
terminationSignals.waitThenStop(platform) {
    log.event("stop", .info, "stopped serving \(origins)", urls: served)
}
