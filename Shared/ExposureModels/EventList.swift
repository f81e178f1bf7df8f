/// One page of `GET /v2/…/event/date/{yyyy-MM-dd}`: live events around a day.
public struct EventList: Codable, Sendable, Equatable {
    /// How many events are in the range in all.
    public var totalCount: Int?
    /// Events per page.
    public var pageSize: Int?
    /// This page's number, from 1.
    public var pageNumber: Int?
    /// The events on this page, by start time.
    public var items: [Event]?

    /// A page of events.
    public init(totalCount: Int?, pageSize: Int?, pageNumber: Int?, items: [Event]?) {
        self.totalCount = totalCount
        self.pageSize = pageSize
        self.pageNumber = pageNumber
        self.items = items
    }
}

/// One occurrence of a live event: when it starts and ends (ISO 8601, UTC) and the event's asset.
public struct Event: Codable, Sendable, Equatable {
    /// The event's asset id.
    public var assetId: String?
    /// When this occurrence starts, e.g. `2026-12-01T20:00:00Z`.
    public var startTime: String?
    /// When it ends.
    public var endTime: String?
    /// The event's asset.
    public var asset: Asset?

    /// An occurrence.
    public init(assetId: String?, startTime: String?, endTime: String?, asset: Asset?) {
        self.assetId = assetId
        self.startTime = startTime
        self.endTime = endTime
        self.asset = asset
    }
}
