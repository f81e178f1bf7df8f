/// Live events: past, current and coming occurrences around a day.
///
///     let events = try await FetchEvent(environment: env)
///         .list(date: "2026-12-01")
///         .filter(daysBackward: 2, daysForward: 2)
///         .show(page: 1, spanning: 100)
///         .request()
public struct FetchEvent: Sendable {
    /// The backend to call.
    public let environment: Environment
    /// What carries the calls.
    public let transport: any HTTPTransport

    /// Event calls against `environment`.
    public init(environment: Environment, transport: any HTTPTransport = AutomaticTransport.shared) {
        self.environment = environment
        self.transport = transport
    }

    /// `GET /v2/…/event/date/{date}`: the occurrences from `date` (`yyyy-MM-dd`, UTC) on, by start time.
    public func list(date: String) -> FetchEventList {
        FetchEventList(environment: environment, transport: transport, date: date)
    }
}
