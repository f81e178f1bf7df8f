import Exposure
import ExposureAnalytics
import Foundation

/// What a command runs with: the backend, the saved session, output mode and transport.
struct CommandContext: Sendable {
    /// The backend: flags first, then `EXPOSURE_BASE_URL` (for the URL), then the saved session's, then the defaults.
    let environment: Environment
    /// Whether to print JSON Lines (one compact object per line) instead of tables.
    let json: Bool
    /// Where the login is kept between runs.
    let sessionStore: SessionStore
    /// The session saved by `login`, if any.
    let savedSession: SavedSession?
    /// Carries every call.
    let transport: any HTTPTransport
    /// Table width and colour for standard output.
    let style: TerminalStyle
    /// Where the analytics outbox and the downloads are: `--data-dir`, else the SDK's ``DataFolder``.
    let dataFolder: URL

    init(arguments: ParsedArguments, variables: [String: String]) throws {
        sessionStore = try SessionStore(variables: variables)
        savedSession = try sessionStore.load()
        let saved = savedSession?.environment
        let baseUrl = try Self.baseURL(arguments: arguments, variables: variables, saved: saved?.baseUrl)
        environment = Environment(
            baseUrl: baseUrl,
            customer: arguments.value("customer") ?? saved?.customer ?? GlobalOptions.defaultCustomer,
            businessUnit: arguments.value("business-unit") ?? saved?.businessUnit ?? GlobalOptions.defaultBusinessUnit)
        json = arguments.has("json")
        let base = try Self.caFile(arguments: arguments, variables: variables).map { AutomaticTransport(caBundle: $0) } ?? .shared
        transport = arguments.has("verbose") ? VerboseTransport(base: base) : base
        style = TerminalStyle(variables: variables)
        dataFolder = arguments.value("data-dir").map { URL(fileURLWithPath: $0) } ?? DataFolder.standard(variables: variables)
    }

    /// `--base-url`, else `EXPOSURE_BASE_URL`, else the saved session's, else the default; a
    /// usage error naming where it came from when it is not an http(s) URL.
    private static func baseURL(arguments: ParsedArguments, variables: [String: String], saved: String?) throws -> String {
        let environmentValue = variables["EXPOSURE_BASE_URL"].flatMap { $0.isEmpty ? nil : $0 }
        let (value, source) =
            arguments.value("base-url").map { ($0, "--base-url") } ?? environmentValue.map { ($0, "EXPOSURE_BASE_URL") }
            ?? saved.map { ($0, "the saved session's base URL") } ?? (GlobalOptions.defaultBaseURL, "the default base URL")
        guard let url = URL(string: value), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil else {
            throw UsageError("\(source) must be an http(s) URL such as \(GlobalOptions.defaultBaseURL), got '\(value)'")
        }
        return value
    }

    /// `--ca-file`, else `EXPOSURE_CA_FILE`: a usage error naming where it came from when it is
    /// not a readable file holding a PEM certificate.
    private static func caFile(arguments: ParsedArguments, variables: [String: String]) throws -> URL? {
        let environmentValue = variables["EXPOSURE_CA_FILE"].flatMap { $0.isEmpty ? nil : $0 }
        guard
            let (path, source) = arguments.value("ca-file").map({ ($0, "--ca-file") }) ?? environmentValue.map({ ($0, "EXPOSURE_CA_FILE") })
        else { return nil }
        guard let contents = FileManager.default.contents(atPath: path) else {
            throw UsageError("\(source): cannot read \(path); pass the PEM file of the certificate authority to trust")
        }
        guard String(decoding: contents, as: UTF8.self).contains("-----BEGIN CERTIFICATE-----") else {
            throw UsageError("\(source): \(path) holds no PEM certificate (-----BEGIN CERTIFICATE-----)")
        }
        return URL(fileURLWithPath: path)
    }

    /// The downloads' folder in the data folder.
    var downloadsFolder: URL { dataFolder.appendingPathComponent("downloads") }

    /// The analytics outbox in the data folder; nil (events kept in memory only, and said so) when
    /// it cannot be opened.
    func analyticsOutbox() -> AnalyticsOutbox? {
        let url = dataFolder.appendingPathComponent("analytics.sqlite")
        do {
            try FileManager.default.createDirectory(at: dataFolder, withIntermediateDirectories: true)
            return try AnalyticsOutbox(url: url)
        } catch {
            Console.err("exposure: cannot open the analytics outbox \(url.path) (\(error)); events that do not get through are lost")
            return nil
        }
    }

    /// The saved session, or an error telling the user to log in.
    func requireSession() throws -> SavedSession {
        guard let savedSession else { throw CLIError("not logged in; run `exposure login USER PASSWORD` first") }
        return savedSession
    }

    /// Prints a response: its body as one compact line in `--json` mode, else what `render` makes of the value.
    func show<Value>(_ response: ExposureResponse<Value>, render: (Value) -> String) {
        Console.out(json ? JSONLine.compact(response.raw.body) : render(response.value))
    }

    /// Prints the outcome of a command that has no server body to show: `text` for people, or
    /// `object` as one JSON line in `--json` mode.
    func report(_ text: String, json object: [String: Any]) {
        Console.out(json ? JSONLine.encode(object) : text)
    }
}

/// A failure the CLI explains in its own words.
struct CLIError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) { self.description = description }
}
