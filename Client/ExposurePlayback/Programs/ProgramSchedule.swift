import Clocks
import Exposure
import Foundation

/// The EPG programs of one channel over a loaded window, looked up by wall-clock time.
struct ProgramSchedule: Sendable {
    /// Programs by start time.
    private(set) var programs: [Program] = []
    /// The window that was asked for.
    private(set) var window: Range<WallTime>?

    /// Replaces the schedule with `programs` loaded for `window`.
    mutating func load(_ programs: [Program], window: Range<WallTime>) {
        self.programs = programs.filter { $0.startTime != nil && $0.endTime != nil }.sorted { $0.startTime! < $1.startTime! }
        self.window = window
    }

    /// Whether `time` is inside the loaded window, with some margin left before its end.
    func covers(_ time: WallTime, margin: Duration = .zero) -> Bool {
        guard let window else { return false }
        return window.lowerBound <= time && time + margin < window.upperBound
    }

    /// The program on air at `time`.
    func program(at time: WallTime) -> Program? {
        // Asked at every step of playback: the programs' times are read in place, only the one found is copied.
        let index = programs.indices.last { Self.instant(programs[$0].startTime) <= time && time < Self.instant(programs[$0].endTime) }
        return index.map { programs[$0] }
    }

    /// The next start or end of a program after `time`.
    func nextBoundary(after time: WallTime) -> WallTime? {
        var best: WallTime?
        for program in programs {
            for edge in [Self.instant(program.startTime), Self.instant(program.endTime)] where edge > time {
                best = min(best ?? edge, edge)
            }
            if Self.instant(program.startTime) > time { break }
        }
        return best
    }

    /// The program after the one on air at `time`.
    func program(after time: WallTime) -> Program? {
        programs.first { Self.instant($0.startTime) > time }
    }

    /// The program before the one on air at `time`.
    func program(before time: WallTime) -> Program? {
        let currentStart = program(at: time).map { Self.instant($0.startTime) } ?? time
        return programs.last { Self.instant($0.startTime) < currentStart }
    }

    /// A program time to the millisecond, rounded to the nearest (the seed's
    /// `millisecondsSince1970`: a date made from milliseconds gives them back unchanged); 1970
    /// for none.
    static func instant(_ date: Date?) -> WallTime { WallTime(millisecondsSince1970: date?.millisecondsSince1970 ?? 0) }
}
