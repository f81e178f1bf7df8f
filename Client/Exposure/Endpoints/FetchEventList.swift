/// `GET /v2/…/event/date/{date}`, refined step by step; each modifier returns a changed copy.
///
/// Always sends `daysBackward` (0), `daysForward` (85), `pageNumber` and `pageSize`, as the
/// official SDK does. A date that is not `yyyy-MM-dd` is answered 400 `INVALID_PARAMETER`.
public struct FetchEventList: ListRequest {
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
    /// The page and order asked for; unsorted, events come by start time.
    public private(set) var options = ListOptions()

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

    /// Sorts by one key, e.g. `"-startTime"`.
    public func sort(on key: String) -> Self { sort(on: [key]) }

    /// A copy asking for `options`.
    public func with(options: ListOptions) -> Self { refined { $0.options = options } }

    /// The call itself.
    public var endpoint: Endpoint {
        var query = QueryItems()
        query.set("daysBackward", daysBackward)
        query.set("daysForward", daysForward)
        options.write(into: &query)
        return Endpoint(.get, .v2, path: ["event", "date", date], query: query)
    }
}
