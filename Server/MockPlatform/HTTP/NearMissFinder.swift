import HTTPServer

/// The routes closest to a request no route took, and what differs: WireMock's near-miss report.
///
/// Run only for unmatched requests (the router's fallback), never on the matching path. A route is
/// near when it has as many segments (or more, for a `{rest...}` route), more of its literal
/// segments agree than differ, and at most two things differ: the API version (`v1` for a `v2`
/// route), the method, or a literal path segment (a typo, `businessunit` misspelt). Captured segments match anything, so a
/// wrong customer or business unit reaches its route and is answered there.
struct NearMissFinder: Sendable {
    /// The most differences a route may have and still be named.
    static let maximumDifferences = 2
    /// The most routes named.
    static let maximumRoutes = 3

    private enum Segment: Sendable {
        case literal(String)
        case capture
        case rest
    }

    private struct Route: Sendable {
        let method: HTTPMethod
        let pattern: String
        let segments: [Segment]
    }

    private let routes: [Route]

    /// A finder over the routes a router serves, in registration order.
    init(routes: [Router.RegisteredRoute]) {
        self.routes = routes.map { route in
            Route(
                method: route.method, pattern: route.pattern,
                segments: route.pattern.split(separator: "/").map { segment in
                    if segment.hasPrefix("{"), segment.hasSuffix("...}") { return .rest }
                    if segment.hasPrefix("{") { return .capture }
                    return .literal(String(segment))
                })
        }
    }

    /// The nearest routes to `method` on `path`, fewest differences first (then in registration
    /// order); empty when every route differs in more than ``maximumDifferences`` ways.
    func nearest(method: HTTPMethod, path: String) -> [NearMiss] {
        let sent = path.split(separator: "/").map(String.init)
        let candidates = routes.compactMap { route -> NearMiss? in
            guard let differences = differences(route, method: method, segments: sent),
                differences.count <= Self.maximumDifferences
            else { return nil }
            return NearMiss(route: "\(route.method) \(route.pattern)", differences: differences)
        }
        guard let fewest = candidates.map(\.differences.count).min() else { return [] }
        return Array(candidates.filter { $0.differences.count == fewest }.prefix(Self.maximumRoutes))
    }

    /// What differs between the request and `route`, as phrases; nil when the paths do not even
    /// have the same shape (another number of segments).
    private func differences(_ route: Route, method: HTTPMethod, segments sent: [String]) -> [String]? {
        let open = if case .rest = route.segments.last { true } else { false }
        let fixed = open ? route.segments.count - 1 : route.segments.count
        guard open ? sent.count > fixed : sent.count == fixed else { return nil }
        var differences: [String] = []
        var sameLiterals = 0
        for (index, (expected, actual)) in zip(route.segments.prefix(fixed), sent).enumerated() {
            guard case .literal(let literal) = expected else { continue }
            if literal == actual {
                sameLiterals += 1
                continue
            }
            if index == 0, Self.isVersion(literal), Self.isVersion(actual) {
                differences.append("API version \(actual) instead of \(literal)")
            } else {
                differences.append("path segment \(index + 1) '\(actual)' instead of '\(literal)'")
            }
        }
        // More of the route's own words differ than agree: it is not what the client meant.
        guard sameLiterals > differences.count else { return nil }
        if route.method != method, !(method == .head && route.method == .get) {
            differences.append("method \(method) instead of \(route.method)")
        }
        return differences
    }

    /// `v1`, `v2`, `v3`…
    private static func isVersion(_ segment: String) -> Bool {
        segment.count > 1 && segment.first == "v" && segment.dropFirst().allSatisfy(\.isNumber)
    }
}

/// A route close to an unmatched request.
package struct NearMiss: Codable, Sendable, Equatable {
    /// `METHOD /pattern`, e.g. `GET /v2/customer/{customer}/businessunit/{businessUnit}/entitlement/{assetId}/play`.
    package var route: String
    /// What differs, a phrase each: `API version v1 instead of v2`, `method POST instead of GET`,
    /// `path segment 6 'asets' instead of 'asset'`.
    package var differences: [String]

    /// A near miss.
    package init(route: String, differences: [String]) {
        self.route = route
        self.differences = differences
    }
}
