import Exposure
import ExposurePlayback
import Foundation

/// `exposure`: a command-line client for Exposure backends (the real one or the mock).
@main
struct ExposureCLI {
    /// Every command, in the order `--help` lists them. New commands (play, download, …) go here.
    static let commands: [any CLICommand.Type] = [
        LoginCommand.self, LogoutCommand.self, WhoAmICommand.self, AssetsCommand.self, AssetCommand.self,
        EpgCommand.self, EntitlementCommand.self, TimeCommand.self, PlayCommand.self, DownloadCommand.self, DownloadsCommand.self,
        AnalyticsCommand.self, ValidateCommand.self, CompletionCommand.self
    ]

    static func main() async {
        // A write to an output whose reader went away fails instead of killing the process (see Console).
        signal(SIGPIPE, SIG_IGN)
        let code = await run(Array(CommandLine.arguments.dropFirst()), variables: ProcessInfo.processInfo.environment)
        exit(code)
    }

    /// Runs one command line and returns the exit status: 0 success, 1 failure, 2 bad usage.
    static func run(_ arguments: [String], variables: [String: String]) async -> Int32 {
        guard let name = arguments.first else {
            Console.err(Help.overview(commands))
            return 2
        }
        if name == "--version" {
            Console.out(ProductVersion.line(program: "exposure"))
            return 0
        }
        if name == "help" || GlobalOptions.isHelp(name) {
            let topic = arguments.dropFirst().first.flatMap(command(named:))
            Console.out(topic.map(Help.usage) ?? Help.overview(commands))
            return 0
        }
        guard let command = command(named: name) else {
            Console.err("exposure: unknown command '\(name)'; run `exposure --help` for the list")
            return 2
        }
        do {
            let parsed = try ParsedArguments.parse(
                Array(arguments.dropFirst()),
                valueOptions: GlobalOptions.valueOptions.union(command.valueOptions),
                flagOptions: GlobalOptions.flagOptions.union(command.flagOptions))
            if parsed.has("help") {
                Console.out(Help.usage(command))
                return 0
            }
            let invocation = try command.init(parsed)
            try await invocation.run(in: CommandContext(arguments: parsed, variables: variables))
            return 0
        } catch {
            return FailureReport(command: name, json: arguments.prefix { $0 != "--" }.contains("--json")).report(error)
        }
    }

    private static func command(named name: String) -> (any CLICommand.Type)? {
        commands.first { $0.name == name }
    }
}
