import Clocks
import Exposure
import Foundation

/// `exposure time`: the server's clock and how far this machine's is from it.
struct TimeCommand: CLICommand {
    static let name = "time"
    static let synopsis = ""
    static let summary = "Show the server's time and the local clock's offset from it"

    init(_ arguments: ParsedArguments) throws {
        _ = try arguments.positionals()
    }

    func run(in context: CommandContext) async throws {
        let response = try await FetchServerTime(environment: context.environment, transport: context.transport).response()
        let localMs = WallTime.systemNow.millisecondsSince1970
        context.show(response) { time in
            Table.fields([
                ("Server", Format.time(epochMilliseconds: time.epochMillis)),
                ("Epoch ms", String(time.epochMillis)),
                ("Local offset", "\(localMs - time.epochMillis) ms (includes the request's latency)")
            ])
        }
    }
}
