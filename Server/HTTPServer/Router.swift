/// Matches requests to handlers by method and path pattern.
///
/// Patterns are `/`-separated; a segment `{name}` captures one segment and a final `{name...}`
/// captures the rest of the path (possibly several segments). Literal segments match exactly.
public struct Router: HTTPResponder {
    /// A handler gets the request and the captured path parameters.
    public typealias Handler = @Sendable (HTTPRequest, PathParameters) -> HTTPResponse

    private struct Route: Sendable {
        let method: HTTPMethod
        let pattern: RoutePattern
        let handler: Handler
    }

    private var routes: [Route] = []
    /// Indices into `routes`, in registration order, of the patterns starting with a given
    /// literal segment; only these (and `openStart`) can match a path starting with it.
    private var byFirstLiteral: [String: [Int]] = [:]
    /// Indices of the patterns starting with a capture or empty, which any path may match.
    private var openStart: [Int] = []
    private let fallback: @Sendable (HTTPRequest, _ allowedMethods: [HTTPMethod]) -> HTTPResponse

    /// A router that answers unmatched requests with `fallback`, which receives the methods
    /// that would have matched the path, each once, in registration order (empty: 404,
    /// otherwise: 405).
    public init(fallback: @escaping @Sendable (HTTPRequest, _ allowedMethods: [HTTPMethod]) -> HTTPResponse) {
        self.fallback = fallback
    }

    /// Registers `handler` for `method` on `pattern`. Earlier registrations win.
    public mutating func add(_ method: HTTPMethod, _ pattern: String, _ handler: @escaping Handler) {
        let route = Route(method: method, pattern: RoutePattern(pattern), handler: handler)
        if case .literal(let first) = route.pattern.segments.first {
            byFirstLiteral[first, default: []].append(routes.count)
        } else {
            openStart.append(routes.count)
        }
        routes.append(route)
    }

    /// Runs the first route matching method and path (`HEAD` also matches `GET` routes), else
    /// the fallback.
    public func respond(to request: HTTPRequest) -> HTTPResponse {
        let segments = RoutePattern.segments(of: request.path)
        var allowed: [HTTPMethod] = []
        let literal = segments.first.flatMap { byFirstLiteral[String($0)] } ?? []
        for index in Self.merged(literal, openStart) {
            let route = routes[index]
            guard let parameters = route.pattern.match(segments) else { continue }
            if route.method == request.method || (request.method == .head && route.method == .get) {
                return route.handler(request, parameters)
            }
            if !allowed.contains(route.method) { allowed.append(route.method) }
        }
        return fallback(request, allowed)
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

/// Values captured from a path by a route pattern.
public struct PathParameters: Sendable, Equatable {
    /// In pattern order; a pattern captures a handful at most, so a scan beats hashing.
    private var values: [(name: String, value: String)]

    init(_ values: [(name: String, value: String)] = []) { self.values = values }

    /// The value captured for `name`, if the pattern had such a segment.
    public subscript(name: String) -> String? { values.first { $0.name == name }?.value }

    public static func == (lhs: PathParameters, rhs: PathParameters) -> Bool {
        lhs.values.elementsEqual(rhs.values) { $0.name == $1.name && $0.value == $1.value }
    }
}

/// A parsed route pattern.
struct RoutePattern: Sendable {
    enum Segment: Sendable, Equatable {
        case literal(String)
        case parameter(String)
        case rest(String)
    }

    let segments: [Segment]

    init(_ pattern: String) {
        segments = RoutePattern.segments(of: pattern).map { part in
            guard part.hasPrefix("{"), part.hasSuffix("}") else { return .literal(String(part)) }
            let name = String(part.dropFirst().dropLast())
            return name.hasSuffix("...") ? .rest(String(name.dropLast(3))) : .parameter(name)
        }
    }

    /// The non-empty `/`-separated parts of `path`, as slices of it (split on bytes, and no
    /// copies: this runs for every request).
    static func segments(of path: String) -> [Substring] {
        var segments: [Substring] = []
        segments.reserveCapacity(8)
        let utf8 = path.utf8
        var start = utf8.startIndex
        for index in utf8.indices where utf8[index] == UInt8(ascii: "/") {
            if start < index { segments.append(path[start..<index]) }
            start = utf8.index(after: index)
        }
        if start < utf8.endIndex { segments.append(path[start...]) }
        return segments
    }

    func match(_ path: [Substring]) -> PathParameters? {
        var captured: [(name: String, value: String)] = []
        var index = 0
        for segment in segments {
            switch segment {
            case .literal(let literal):
                guard index < path.count, path[index] == literal else { return nil }
            case .parameter(let name):
                guard index < path.count else { return nil }
                if captured.isEmpty { captured.reserveCapacity(segments.count) }
                captured.append((name, String(path[index])))
            case .rest(let name):
                guard index < path.count else { return nil }
                captured.append((name, Self.rest(path[index...])))
                return PathParameters(captured)
            }
            index += 1
        }
        return index == path.count ? PathParameters(captured) : nil
    }

    /// The segments joined by single slashes: one slice of the path when they lie one slash
    /// apart in it (the usual case), else joined anew so empty segments are squeezed out.
    private static func rest(_ segments: ArraySlice<Substring>) -> String {
        let first = segments[segments.startIndex], last = segments[segments.endIndex - 1]
        let whole = first.base[first.startIndex..<last.endIndex]
        let separated = segments.reduce(segments.count - 1) { $0 + $1.utf8.count }
        return whole.utf8.count == separated ? String(whole) : segments.joined(separator: "/")
    }
}
