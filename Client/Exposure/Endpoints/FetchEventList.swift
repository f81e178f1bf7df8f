/// `GET /v2/…/event/date/{date}`, refined step by step; each modifier returns a changed copy.
///
/// Always sends `daysBackward` (0), `daysForward` (85), `pageNumber` and `pageSize`, as the
/// official SDK does. A date that is not `yyyy-MM-dd` is answered 400 `INVALID_PARAMETER`.
public struct FetchEventList: ExposureRequest {
    /// The response.
    public typealias Response = EventList

    /// The backend to call.
    public let environment: Environment
    /// What carries the call.
    public let transport: any HTTPTransport
    /// The day the range is counted from, `yyyy-MM-dd` (UTC).
    public let date: String

    /// Days before `date` to include.
    public private(set) var daysBackward: Int64 = 0
    /// Days after `date` to include.
    public private(set) var daysForward: Int64 = 85
    /// Sort keys in order; a `-` prefix sorts descending. Unsorted, events come by start time.
    public private(set) var sortKeys: [String] = []
    /// The page, from 1.
    public private(set) var pageNumber = 1
    /// Events per page.
    public private(set) var pageSize = 50

    init(environment: Environment, transport: any HTTPTransport, date: String) {
        self.environment = environment
        self.transport = transport
        self.date = date
    }

    /// The events from `daysBackward` days before the date to `daysForward` days after it.
    public func filter(daysBackward: Int64 = 0, daysForward: Int64 = 85) -> Self {
        refined {
            $0.daysBackward = daysBackward
            $0.daysForward = daysForward
        }
    }

    /// Sorts by keys in order, e.g. `["-startTime"]`.
    public func sort(on keys: [String]) -> Self { refined { $0.sortKeys = keys } }

    /// Sorts by one key, e.g. `"-startTime"`.
    public func sort(on key: String) -> Self { sort(on: [key]) }

    /// Page `page` (from 1) of `size` events.
    public func show(page: Int, spanning size: Int) -> Self {
        refined {
            $0.pageNumber = page
            $0.pageSize = size
        }
    }

    /// The call itself.
    public var endpoint: Endpoint {
        var query = QueryItems()
        query.set("daysBackward", daysBackward)
        query.set("daysForward", daysForward)
        query.set("pageNumber", pageNumber)
        query.set("pageSize", pageSize)
        query.set("sort", sortKeys.isEmpty ? nil : sortKeys.joined(separator: ","))
        return Endpoint(.get, .v2, path: ["event", "date", date], query: query)
    }
}
