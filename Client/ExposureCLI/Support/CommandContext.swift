import Exposure
import Foundation

/// What a command runs with: the backend, the saved session, output mode and transport.
struct CommandContext: Sendable {
    /// The backend: flags first, then the saved session's, then the defaults.
    let environment: Environment
    /// Whether to print raw JSON bodies instead of tables.
    let json: Bool
    /// Where the login is kept between runs.
    let sessionStore: SessionStore
    /// The session saved by `login`, if any.
    let savedSession: SavedSession?
    /// Carries every call.
    let transport: any HTTPTransport

    init(arguments: ParsedArguments, variables: [String: String]) throws {
        sessionStore = try SessionStore(variables: variables)
        savedSession = try sessionStore.load()
        let saved = savedSession?.environment
        environment = Environment(
            baseUrl: arguments.value("base-url") ?? saved?.baseUrl ?? GlobalOptions.defaultBaseURL,
            customer: arguments.value("customer") ?? saved?.customer ?? GlobalOptions.defaultCustomer,
            businessUnit: arguments.value("business-unit") ?? saved?.businessUnit ?? GlobalOptions.defaultBusinessUnit)
        json = arguments.has("json")
        transport = AutomaticTransport.shared
    }

    /// The saved session, or an error telling the user to log in.
    func requireSession() throws -> SavedSession {
        guard let savedSession else { throw CLIError("not logged in; run `exposure login USER PASSWORD` first") }
        return savedSession
    }

    /// Prints a response: its raw body in `--json` mode, else what `render` makes of the value.
    func show<Value>(_ response: ExposureResponse<Value>, render: (Value) -> String) {
        if json {
            Console.out(String(decoding: response.raw.body, as: UTF8.self))
        } else {
            Console.out(render(response.value))
        }
    }
}

/// A failure the CLI explains in its own words.
struct CLIError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) { self.description = description }
}
