import Exposure

/// `exposure logout`: ends the session on the server and forgets it locally.
struct LogoutCommand: CLICommand {
    static let name = "logout"
    static let synopsis = ""
    static let summary = "End the saved session and delete it"

    init(_ arguments: ParsedArguments) throws {
        _ = try arguments.positionals()
    }

    func run(in context: CommandContext) async throws {
        let session = try context.requireSession()
        do {
            try await Authenticate(environment: context.environment, transport: context.transport)
                .logout(sessionToken: session.sessionToken)
                .request()
            try context.sessionStore.delete()
            context.report("Logged out.", json: ["loggedOut": true, "sessionHadEnded": false])
        } catch let error as ExposureError where error.status == 401 {
            // The server already forgot the token; forgetting it here too is all that is left.
            try context.sessionStore.delete()
            context.report("Session had already ended; removed it.", json: ["loggedOut": true, "sessionHadEnded": true])
        }
    }
}
