import Exposure

/// `exposure whoami`: checks the saved session with the server and shows who it belongs to.
struct WhoAmICommand: CLICommand {
    static let name = "whoami"
    static let synopsis = ""
    static let summary = "Show who the saved session belongs to (asks the server)"

    init(_ arguments: ParsedArguments) throws {
        _ = try arguments.positionals()
    }

    func run(in context: CommandContext) async throws {
        let session = try context.requireSession()
        let response = try await Authenticate(environment: context.environment, transport: context.transport)
            .validate(sessionToken: session.sessionToken)
            .response()
        context.show(response) { info in
            Table.fields([
                ("User", session.username),
                ("User id", info.userId),
                ("Account", info.accountId),
                ("Anonymous", session.sessionToken.isAnonymous.map { Format.flag($0) }),
                ("Expires", Format.time(session.sessionToken.expiration)),
                ("Server", "\(context.environment.baseUrl) (\(context.environment.customer)/\(context.environment.businessUnit))")
            ])
        }
    }
}
