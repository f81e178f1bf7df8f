/// A parsed route pattern, matched against the bytes of a request path.
struct RoutePattern: Sendable {
    enum Segment: Sendable {
        case literal([UInt8])
        case parameter(String)
        case rest(String)
    }

    let segments: [Segment]

    /// How many path segments a pattern takes: exactly its own count, or at least that many
    /// when it ends in `{name...}`.
    struct SegmentCount: Sendable {
        let count: Int
        let endsInRest: Bool

        func admits(_ pathSegments: Int) -> Bool { endsInRest ? pathSegments >= count : pathSegments == count }
    }

    var segmentCount: SegmentCount {
        guard case .rest = segments.last else { return SegmentCount(count: segments.count, endsInRest: false) }
        return SegmentCount(count: segments.count, endsInRest: true)
    }

    init(_ pattern: String) {
        segments = pattern.split(separator: "/").map { part in
            guard part.hasPrefix("{"), part.hasSuffix("}") else { return .literal(Array(part.utf8)) }
            let name = String(part.dropFirst().dropLast())
            return name.hasSuffix("...") ? .rest(String(name.dropLast(3))) : .parameter(name)
        }
    }

    /// Where the non-empty `/`-separated parts of `path` lie in it.
    static func segments(of path: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
        var segments: [Range<Int>] = []
        segments.reserveCapacity(8)
        var start = 0
        for index in path.indices where path[index] == UInt8(ascii: "/") {
            if start < index { segments.append(start..<index) }
            start = index + 1
        }
        if start < path.count { segments.append(start..<path.count) }
        return segments
    }

    /// The values captured when `path`, split into `segments`, matches; nil when it does not.
    /// Literals are compared before anything is captured: most patterns tried fail on a
    /// literal after a capture (every versioned route starts `/v2/customer/{customer}/…`).
    func match(_ segments: [Range<Int>], in path: UnsafeBufferPointer<UInt8>) -> PathParameters? {
        guard matches(segments, in: path) else { return nil }
        var captured: [(name: String, value: String)] = []
        for (index, segment) in self.segments.enumerated() {
            switch segment {
            case .literal:
                continue
            case .parameter(let name):
                if captured.isEmpty { captured.reserveCapacity(self.segments.count) }
                captured.append((name, Self.string(path, segments[index])))
            case .rest(let name):
                captured.append((name, Self.rest(segments[index...], in: path)))
                return PathParameters(captured)
            }
        }
        return PathParameters(captured)
    }

    /// Whether `path`, split into `segments`, has this pattern's literals where it has them
    /// and as many segments as it takes.
    private func matches(_ segments: [Range<Int>], in path: UnsafeBufferPointer<UInt8>) -> Bool {
        for (index, segment) in self.segments.enumerated() {
            guard index < segments.count else { return false }
            switch segment {
            case .literal(let literal):
                guard path[segments[index]].elementsEqual(literal) else { return false }
            case .parameter:
                continue
            case .rest:
                return true
            }
        }
        return self.segments.count == segments.count
    }

    /// The segments joined by single slashes: one run of the path when they lie one slash
    /// apart in it (the usual case), else joined anew so empty segments are squeezed out.
    private static func rest(_ segments: ArraySlice<Range<Int>>, in path: UnsafeBufferPointer<UInt8>) -> String {
        let whole = segments.first!.lowerBound..<segments.last!.upperBound
        let separated = segments.reduce(segments.count - 1) { $0 + $1.count }
        if whole.count == separated { return string(path, whole) }
        return segments.map { string(path, $0) }.joined(separator: "/")
    }

    private static func string(_ path: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: path[range]), as: UTF8.self)
    }
}
