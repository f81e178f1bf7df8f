import Exposure
import Foundation

/// `exposure login USER PASSWORD`: logs in and saves the session for later commands.
struct LoginCommand: CLICommand {
    static let name = "login"
    static let synopsis = "USER PASSWORD [--remember-me]"
    static let summary = "Log in and keep the session for later commands"
    static let optionHelp = ["--remember-me           ask for a long-lived session"]
    static let flagOptions: Set<String> = ["remember-me"]

    let username: String
    let password: String
    let rememberMe: Bool

    init(_ arguments: ParsedArguments) throws {
        let values = try arguments.positionals("USER", "PASSWORD")
        (username, password) = (values[0], values[1])
        rememberMe = arguments.has("remember-me")
    }

    func run(in context: CommandContext) async throws {
        let response = try await Authenticate(environment: context.environment, transport: context.transport)
            .login(username: username, password: password, rememberMe: rememberMe)
            .response()
        let credentials = response.value
        try context.sessionStore.save(
            SavedSession(
                environment: context.environment, sessionToken: credentials.sessionToken,
                username: credentials.userProfile?.username ?? username, expiration: credentials.expirationDateTime))
        context.show(response) { credentials in
            Table.fields([
                ("Logged in as", credentials.userProfile?.displayName ?? username),
                ("Account", credentials.accountId),
                ("Expires", credentials.expirationDateTime.map { Format.time($0) }),
                ("Session saved to", context.sessionStore.fileURL.path)
            ])
        }
    }
}
