import Clocks
import Exposure

/// The seed's start-time table: `PlayFrom` × stream kind → where the engine starts.
enum StartPosition {
    static func resolve(
        _ playFrom: PlaybackProperties.PlayFrom, kind: StreamKind, entitlement: PlaybackEntitlement, programAtStart: Program?
    ) -> EngineConfiguration.Start {
        switch playFrom {
        case .defaultBehavior:
            // Live: the live edge; catch-up and VOD: the start (the engine's default for bounded streams).
            return .defaultPosition
        case .beginning:
            switch kind {
            case .liveChannel, .liveProgram:
                if let start = programAtStart?.startTime { return .time(ProgramSchedule.instant(start)) }
                if let start = entitlement.streamInfo?.start { return .time(WallTime(secondsSince1970: start)) }
                return .defaultPosition
            case .liveEvent:
                return entitlement.streamInfo?.start.map { .time(WallTime(secondsSince1970: $0)) } ?? .defaultPosition
            case .vod, .catchup:
                return .position(.zero)
            }
        case .bookmark:
            let bookmarks = entitlement.bookmarks
            switch kind {
            case .liveChannel, .liveProgram, .liveEvent:
                return bookmarks?.liveTime.map { .time(WallTime(millisecondsSince1970: $0)) } ?? .defaultPosition
            case .vod, .catchup:
                return bookmarks?.lastViewedOffset.map { .position(.milliseconds($0)) } ?? .defaultPosition
            }
        case .customPosition(let position):
            return .position(.milliseconds(position))
        case .customTime(let time):
            return .time(WallTime(millisecondsSince1970: time))
        }
    }
}
