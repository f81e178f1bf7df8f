import Clocks
import Exposure
import Foundation

/// `exposure epg CHANNEL`: a channel's programs on a day or in a time window.
struct EpgCommand: CLICommand {
    static let name = "epg"
    static let synopsis = "CHANNEL_ID [--date yyyy-MM-dd | --from ISO --to ISO] [--page N] [--page-size N]"
    static let summary = "List a channel's programs (today, UTC, unless told otherwise)"
    static let optionHelp = [
        "--date yyyy-MM-dd       programs on that UTC day",
        "--from ISO --to ISO     programs overlapping the window, e.g. 2026-01-01T10:00:00Z",
        "--page N                page number, from 1 (default 1)",
        "--page-size N           programs per page (default 100)"
    ]
    static let valueOptions: Set<String> = ["date", "from", "to", "page", "page-size"]

    /// Which form of the EPG endpoint to call.
    enum Range {
        case day(Date)
        case window(from: Date, to: Date)
    }

    let channelId: String
    let range: Range
    let page: Int
    let pageSize: Int

    init(_ arguments: ParsedArguments) throws {
        channelId = try arguments.positionals("CHANNEL_ID")[0]
        page = try arguments.positiveInt("page") ?? 1
        pageSize = try arguments.positiveInt("page-size") ?? 100
        switch (arguments.value("date"), arguments.value("from"), arguments.value("to")) {
        case (nil, nil, nil):
            range = .day(Date())
        case (let day?, nil, nil):
            guard day.count == 10, let date = ISO8601.date(from: day + "T00:00:00Z") else {
                throw UsageError("--date must look like 2026-01-31, got '\(day)'")
            }
            range = .day(date)
        case (nil, let from?, let to?):
            range = .window(from: try Self.instant(from, option: "from"), to: try Self.instant(to, option: "to"))
        default:
            throw UsageError("give either --date, or both --from and --to")
        }
    }

    func run(in context: CommandContext) async throws {
        let channel = FetchEpg(environment: context.environment, transport: context.transport)
            .channel(id: channelId)
            .show(page: page, spanning: pageSize)
        let response =
            switch range {
            case .day(let date): try await channel.filter(date: date).response()
            case .window(let from, let to): try await channel.filter(starting: from, ending: to).response()
            }
        // The program on air is the one at the server's time (a mock's clock may be set anywhere).
        let now =
            (try? await FetchServerTime(environment: context.environment, transport: context.transport).request())
            .map { WallTime(millisecondsSince1970: $0.epochMillis).date } ?? Date()
        context.show(response) { Self.render($0, now: now, style: context.style) }
    }

    private static func instant(_ text: String, option: String) throws -> Date {
        guard let date = ISO8601.date(from: text) else {
            throw UsageError("--\(option) must be an ISO-8601 time such as 2026-01-31T20:00:00Z, got '\(text)'")
        }
        return date
    }

    /// `▶` marks the program on air at `now`; times on the day of `now` read `today 13:00`.
    private static func render(_ epg: ChannelEpg, now: Date, style: TerminalStyle) -> String {
        var table = Table(" ", "START", "END", "PROGRAM", "ASSET", "CATCH-UP", "TITLE")
        for program in epg.programs {
            let onAir = program.startTime.map { $0 <= now } == true && program.endTime.map { now < $0 } == true
            table.add(
                onAir ? "▶" : " ", Format.dayTime(program.startTime, today: now),
                program.endTime.map { String(ISO8601.string(from: $0).dropFirst(11).prefix(5)) } ?? "-",
                program.programId, program.assetId, Format.flag(program.catchup), program.asset?.title() ?? "-")
        }
        let lines = table.rendered(style).split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasPrefix("▶") ? style.highlighted(String(line)) : String(line)
        }
        return lines.joined(separator: "\n")
            + "\n\n\(epg.programs.count) program(s) on \(epg.channelId); ▶ on air at \(Format.time(now)), today is \(Format.day(now)) (UTC)."
    }
}
