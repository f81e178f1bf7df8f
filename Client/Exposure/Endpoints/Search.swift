/// Free-text search over the catalog, and title suggestions while the user types:
///
///     let page = try await Search(environment: env)
///         .query(for: "arctic")
///         .filter(locale: "en")
///         .show(page: 1, spanning: 20)
///         .request()
///
///     let suggestions = try await Search(environment: env).autocomplete(for: "arc").request()
public struct Search: Sendable {
    /// The backend to call.
    public let environment: Environment
    /// What carries the calls.
    public let transport: any HTTPTransport

    /// Search calls against `environment`.
    public init(environment: Environment, transport: any HTTPTransport = AutomaticTransport.shared) {
        self.environment = environment
        self.transport = transport
    }

    /// `GET /v1/…/content/search/query/{text}`: the assets whose title, description or tags hold
    /// every word of `text`, paged.
    public func query(for text: String) -> SearchQuery {
        SearchQuery(environment: environment, transport: transport, text: text)
    }

    /// `GET /v1/…/content/search/autocomplete/{text}`: titles that complete `text`.
    public func autocomplete(for text: String) -> SearchAutocomplete {
        SearchAutocomplete(environment: environment, transport: transport, text: text)
    }
}
