/// `GET /v1/…/content/search/autocomplete/{text}`: asset titles that complete what the user typed.
public struct SearchAutocomplete: ExposureRequest {
    /// The response: suggestions, best first.
    public typealias Response = [SearchResponseAutocomplete]

    /// The backend to call.
    public let environment: Environment
    /// What carries the call.
    public let transport: any HTTPTransport
    /// What the user typed so far.
    public let text: String
    /// The locale whose titles to complete, e.g. `en`; nil completes titles of every locale.
    public private(set) var locale: String?

    init(environment: Environment, transport: any HTTPTransport, text: String) {
        self.environment = environment
        self.transport = transport
        self.text = text
    }

    /// Completes titles of one locale; nil completes them all.
    public func filter(locale: String?) -> Self { refined { $0.locale = locale } }

    /// The call itself.
    public var endpoint: Endpoint {
        var query = QueryItems()
        query.set("locale", locale)
        return Endpoint(.get, .v1, path: ["content", "search", "autocomplete", text], query: query)
    }
}
