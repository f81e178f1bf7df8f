import Exposure
import Foundation

/// The EPG programs of one channel over a loaded window, looked up by wall-clock time.
struct ProgramSchedule: Sendable {
    /// Programs by start time.
    private(set) var programs: [Program] = []
    /// The window that was asked for, ms since 1970.
    private(set) var window: Range<Int64>?

    /// Replaces the schedule with `programs` loaded for `window`.
    mutating func load(_ programs: [Program], window: Range<Int64>) {
        self.programs = programs.filter { $0.startTime != nil && $0.endTime != nil }.sorted { $0.startTime! < $1.startTime! }
        self.window = window
    }

    /// Whether `timeMs` is inside the loaded window, with some margin left before its end.
    func covers(_ timeMs: Int64, margin: Int64 = 0) -> Bool {
        guard let window else { return false }
        return window.lowerBound <= timeMs && timeMs + margin < window.upperBound
    }

    /// The program on air at `timeMs`.
    func program(atMs timeMs: Int64) -> Program? {
        programs.last { Self.ms($0.startTime) <= timeMs && timeMs < Self.ms($0.endTime) }
    }

    /// The next start or end of a program after `timeMs`.
    func nextBoundary(after timeMs: Int64) -> Int64? {
        var best: Int64?
        for program in programs {
            for edge in [Self.ms(program.startTime), Self.ms(program.endTime)] where edge > timeMs {
                best = min(best ?? edge, edge)
            }
            if Self.ms(program.startTime) > timeMs { break }
        }
        return best
    }

    /// The program after the one on air at `timeMs`.
    func program(after timeMs: Int64) -> Program? {
        programs.first { Self.ms($0.startTime) > timeMs }
    }

    /// The program before the one on air at `timeMs`.
    func program(before timeMs: Int64) -> Program? {
        let currentStart = program(atMs: timeMs).map { Self.ms($0.startTime) } ?? timeMs
        return programs.last { Self.ms($0.startTime) < currentStart }
    }

    /// A program time in milliseconds since 1970, rounded to the nearest (the seed's
    /// `millisecondsSince1970`: a date made from milliseconds gives them back unchanged).
    static func ms(_ date: Date?) -> Int64 { date?.millisecondsSince1970 ?? 0 }
}
