/// Matches requests to handlers by method and path pattern.
///
/// Patterns are `/`-separated; a segment `{name}` captures one segment and a final `{name...}`
/// captures the rest of the path (possibly several segments). Literal segments match exactly.
package struct Router: HTTPResponder {
    /// A handler gets the request and the captured path parameters.
    package typealias Handler = @Sendable (HTTPRequest, PathParameters) -> HTTPResponse

    private struct Route: Sendable {
        let method: HTTPMethod
        let pattern: RoutePattern
        let handler: Handler
    }

    /// A registered route as written: its method and pattern.
    package struct RegisteredRoute: Hashable, Sendable {
        /// The method it answers (`HEAD` is served by `GET` routes as well).
        package let method: HTTPMethod
        /// The pattern as registered, e.g. `/media/{path...}`.
        package let pattern: String
    }

    private var routes: [Route] = []
    /// Every route's method and pattern as registered, in registration order: what the router
    /// serves, for checking a description of it (not consulted when matching).
    package private(set) var registeredRoutes: [RegisteredRoute] = []
    /// How many segments each route's pattern takes, by index into `routes`: checked before a
    /// route is looked at, which copies it (retaining its pattern and handler, shared by every
    /// worker thread: contended reference counts were a tenth of the router's time).
    private var segmentCounts: [RoutePattern.SegmentCount] = []
    /// Indices into `routes`, in registration order, of the patterns starting with a given
    /// literal segment; only these (and `openStart`) can match a path starting with it. A list
    /// rather than a dictionary: there are a handful of first segments, and comparing a few
    /// bytes is cheaper than hashing.
    private var byFirstLiteral: [(literal: [UInt8], routes: [Int])] = []
    /// Indices of the patterns starting with a capture or empty, which any path may match.
    private var openStart: [Int] = []
    /// What answers a request no route matches (see ``init(fallback:)``); replaceable once the
    /// routes are in, for a fallback that needs to know them.
    package var fallback: @Sendable (HTTPRequest, _ allowedMethods: [HTTPMethod]) -> HTTPResponse

    /// A router that answers unmatched requests with `fallback`, which receives the methods
    /// that would have matched the path, each once, in registration order (empty: 404,
    /// otherwise: 405).
    package init(fallback: @escaping @Sendable (HTTPRequest, _ allowedMethods: [HTTPMethod]) -> HTTPResponse) {
        self.fallback = fallback
    }

    /// Registers `handler` for `method` on `pattern`. Earlier registrations win.
    package mutating func add(_ method: HTTPMethod, _ pattern: String, _ handler: @escaping Handler) {
        let route = Route(method: method, pattern: RoutePattern(pattern), handler: handler)
        if case .literal(let first) = route.pattern.segments.first {
            if let known = byFirstLiteral.firstIndex(where: { $0.literal == first }) {
                byFirstLiteral[known].routes.append(routes.count)
            } else {
                byFirstLiteral.append((first, [routes.count]))
            }
        } else {
            openStart.append(routes.count)
        }
        routes.append(route)
        segmentCounts.append(route.pattern.segmentCount)
        registeredRoutes.append(RegisteredRoute(method: method, pattern: pattern))
    }

    /// What the path and method found: a route, or the methods the path would take.
    private enum Outcome {
        case matched(Handler, PathParameters)
        case unmatched(allowedMethods: [HTTPMethod])
    }

    /// Runs the first route matching method and path (`HEAD` also matches `GET` routes), else
    /// the fallback.
    package func respond(to request: HTTPRequest) -> HTTPResponse {
        var path = request.path
        // Matched on the path's bytes: no string is made but the captured values.
        let outcome = path.withUTF8 { bytes -> Outcome in
            let segments = RoutePattern.segments(of: bytes)
            var allowed: [HTTPMethod] = []
            let literal =
                segments.first.flatMap { first in
                    byFirstLiteral.first { bytes[first].elementsEqual($0.literal) }?.routes
                } ?? []
            for index in Self.merged(literal, openStart) where segmentCounts[index].admits(segments.count) {
                let route = routes[index]
                guard let parameters = route.pattern.match(segments, in: bytes) else { continue }
                if route.method == request.method || (request.method == .head && route.method == .get) {
                    return .matched(route.handler, parameters)
                }
                if !allowed.contains(route.method) { allowed.append(route.method) }
            }
            return .unmatched(allowedMethods: allowed)
        }
        switch outcome {
        case .matched(let handler, let parameters): return handler(request, parameters)
        case .unmatched(let allowed): return fallback(request, allowed)
        }
    }

    /// Two ascending index lists as one, so candidates are still tried in registration order.
    private static func merged(_ first: [Int], _ second: [Int]) -> [Int] {
        if second.isEmpty { return first }
        if first.isEmpty { return second }
        var result: [Int] = []
        result.reserveCapacity(first.count + second.count)
        var (i, j) = (0, 0)
        while i < first.count || j < second.count {
            if j == second.count || (i < first.count && first[i] < second[j]) {
                result.append(first[i])
                i += 1
            } else {
                result.append(second[j])
                j += 1
            }
        }
        return result
    }
}
