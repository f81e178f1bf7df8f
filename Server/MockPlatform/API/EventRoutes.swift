import Clocks
import ExposureModels
import Foundation
import HTTPServer

/// Live events by day: `GET /v2/…/event/date/{yyyy-MM-dd}`.
extension ExposureAPI {
    mutating func registerEvents() {
        // Every occurrence of the catalog's live events overlapping the day, widened by
        // `daysBackward` and `daysForward` (0 each when absent; the official SDK always sends 0
        // and 85; at most a year each way), by start time unless `sort` says otherwise, paged.
        add(.get, [.v2], "/event/date/{date}") { context throws(ExposureErrorMessage) in
            let span = try Self.daySpan(context, maxDays: 366)
            let pageNumber = try context.intQuery("pageNumber", default: 1, in: 1...100_000)
            let pageSize = try context.intQuery("pageSize", default: 50, in: 1...200)
            let sort = try SortKey.list(context) { name throws(ExposureErrorMessage) in try EventSortField(name) }
            var occurrences: [ScheduledProgram] = []
            for schedule in context.loaded.eventSchedules.values.sorted(by: { $0.channelId < $1.channelId }) {
                occurrences += schedule.airings(from: span.from, to: span.to).map(schedule.program(number:))
            }
            occurrences.sort { $0.start != $1.start ? $0.start < $1.start : $0.channelId < $1.channelId }
            for key in sort.reversed() { occurrences = key.sorted(occurrences) }
            let items = occurrences.page(pageNumber, size: pageSize).map { program in
                Event(
                    assetId: program.channelId, startTime: ISO8601.string(from: program.start),
                    endTime: ISO8601.string(from: program.end),
                    asset: program.eventAsset?.resolvingImageURLs(against: context.baseURL))
            }
            return Responses.json(EventList(totalCount: occurrences.count, pageSize: pageSize, pageNumber: pageNumber, items: items))
        }
    }
}

/// A field an event list sorts on: `startTime`, `endTime` or `assetId`.
enum EventSortField: String {
    case startTime, endTime, assetId

    init(_ name: String) throws(ExposureErrorMessage) {
        guard let field = Self(rawValue: name) else {
            throw .invalidParameter("sort", "sorts events by startTime, endTime or assetId (- first for descending), not \(name)")
        }
        self = field
    }
}

extension SortKey<EventSortField> {
    /// `programs` in this key's order; ties keep their order.
    func sorted(_ programs: [ScheduledProgram]) -> [ScheduledProgram] {
        programs.enumerated().sorted { lhs, rhs in
            let (before, same) =
                switch field {
                case .startTime: (lhs.element.start < rhs.element.start, lhs.element.start == rhs.element.start)
                case .endTime: (lhs.element.end < rhs.element.end, lhs.element.end == rhs.element.end)
                case .assetId: (lhs.element.channelId < rhs.element.channelId, lhs.element.channelId == rhs.element.channelId)
                }
            return same ? lhs.offset < rhs.offset : before != descending
        }.map(\.element)
    }
}
