import Clocks
import Foundation
import HTTPServer
import Synchronization

/// The fault rules in force, matched against every request outside `/_mock/`.
///
/// Rules are kept in matching order: lower `priority` first (``FaultRule/defaultPriority`` when
/// absent), and among equal priorities the newest rule first, as WireMock orders its stubs.
/// Matching runs on a snapshot of the rules outside the lock, so requests do not queue behind
/// each other's regular expressions; only claiming a counted rule is atomic. With no rules in
/// force (the usual case) a request reads one counter and takes no lock.
package final class FaultInjector: Sendable {
    /// The most rules in force at once; adding one more is refused (`FaultRuleError.Kind.limitReached`).
    package static let capacity = 1_000

    private let rules = Mutex<[ActiveFault]>([])
    /// How many rules `rules` holds, kept in step under its lock.
    private let ruleCount = Atomic<Int>(0)
    private let lastId = Atomic<Int>(0)
    private let dice: FaultDice
    /// The catalog and the platform time stream rules are checked against; nil: stream rules are refused.
    private let streams: (@Sendable () -> StreamTargetResolver)?

    /// No rules; rules with a `probability` draw from `seed` (a random one when nil). Stream
    /// rules need a platform (``MockPlatform/inject(_:)``); this injector refuses them.
    package convenience init(seed: UInt64? = nil) { self.init(seed: seed, streams: nil) }

    /// No rules; stream rules are checked against what `streams` reads at the time they are added.
    init(seed: UInt64?, streams: (@Sendable () -> StreamTargetResolver)?) {
        dice = FaultDice(seed: seed)
        self.streams = streams
    }

    /// Adds a rule in its place in matching order and returns it with its id.
    /// - Throws: `FaultRuleError` when the rule has no action, conflicting actions, a value out
    ///   of range or a bad regex, or when ``capacity`` rules are in force already.
    @discardableResult
    package func add(_ rule: FaultRule) throws(FaultRuleError) -> FaultRule {
        let sequence = lastId.wrappingAdd(1, ordering: .relaxed).newValue
        var rule = rule
        rule.id = "fault-\(sequence)"
        let fault = try ActiveFault(checking: rule, sequence: sequence, streams: streams?())
        let added = changeRules { rules -> Bool in
            guard rules.count < Self.capacity else { return false }
            Self.insert(fault, into: &rules)
            return true
        }
        guard added else {
            throw FaultRuleError(
                message: "At most \(Self.capacity) fault rules can be in force; remove some first.", kind: .limitReached)
        }
        return fault.snapshot
    }

    /// Checks `rule` as ``add(_:)`` does, its stream target against `streams`, without adding it.
    /// - Throws: `FaultRuleError` naming what is wrong.
    static func check(_ rule: FaultRule, streams: StreamTargetResolver?) throws(FaultRuleError) {
        _ = try ActiveFault(checking: rule, sequence: 0, streams: streams)
    }

    /// Replaces the rule `id` with `rule`, keeping its id and its place among equal priorities;
    /// its counters start afresh. Nil when there is no rule `id`.
    /// - Throws: `FaultRuleError` as ``add(_:)`` does for a rule that cannot be used.
    @discardableResult
    package func replace(id: String, with rule: FaultRule) throws(FaultRuleError) -> FaultRule? {
        guard let sequence = rules.withLock({ $0.first { $0.rule.id == id }?.sequence }) else { return nil }
        var rule = rule
        rule.id = id
        let fault = try ActiveFault(checking: rule, sequence: sequence, streams: streams?())
        let replaced = changeRules { rules -> Bool in
            guard let index = rules.firstIndex(where: { $0.rule.id == id }) else { return false }
            rules.remove(at: index)
            Self.insert(fault, into: &rules)
            return true
        }
        return replaced ? fault.snapshot : nil
    }

    /// The rules in force, in matching order, with their counters.
    package func list() -> [FaultRule] { rules.withLock { $0 }.map(\.snapshot) }

    /// Removes one rule; false when there is none with that id.
    @discardableResult
    package func remove(id: String) -> Bool {
        changeRules { rules in
            let before = rules.count
            rules.removeAll { $0.rule.id == id }
            return rules.count != before
        }
    }

    /// Removes every rule.
    package func removeAll() { changeRules { $0.removeAll() } }

    /// Starts the `probability` draws again from `seed`: the same requests in the same order
    /// then meet the same faults.
    package func reseed(_ seed: UInt64) { dice.reseed(seed) }

    /// Removes every rule and starts the draws again from the start-up seed (the configured one,
    /// else the one drawn at start), whatever `PUT /_mock/faults/seed` set since: as after start-up.
    package func reset() {
        removeAll()
        dice.restart()
    }

    private func changeRules<Result>(_ change: (inout [ActiveFault]) -> Result) -> Result {
        rules.withLock { rules in
            let result = change(&rules)
            ruleCount.store(rules.count, ordering: .releasing)
            return result
        }
    }

    /// Puts `fault` before the first rule it outranks: a lower priority, or the same and newer.
    private static func insert(_ fault: ActiveFault, into rules: inout [ActiveFault]) {
        let index = rules.firstIndex { fault.precedes($0) } ?? rules.endIndex
        rules.insert(fault, at: index)
    }

    /// The first rule matching `request` that still has a use left, which this call uses up;
    /// `now` (platform time) ends stale-playlist rules whose time is up.
    func claim(for request: HTTPRequest, now: WallTime) -> ClaimedFault? {
        guard ruleCount.load(ordering: .acquiring) > 0 else { return nil }
        let snapshot = rules.withLock { $0 }
        guard !snapshot.isEmpty else { return nil }
        var facts = RequestFacts(request: request)
        for fault in snapshot where fault.matches(&facts) {
            if let stale = fault.stale, let lasting = fault.rule.playlist?.staleFor,
                stale.hasEnded(at: now, lasting: lasting)
            {
                changeRules { $0.removeAll { $0 === fault } }
                continue
            }
            if let probability = fault.rule.probability, !dice.roll(probability) { continue }
            switch fault.claim() {
            case .unavailable: continue
            case .claimed(let last):
                if last { changeRules { $0.removeAll { $0 === fault } } }
                return ClaimedFault(rule: fault.rule, stale: fault.stale, network: fault.network)
            }
        }
        return nil
    }
}

/// A rule that cannot be added or changed, with the reason as a sentence.
public struct FaultRuleError: Error, Sendable, Equatable {
    /// What kind of refusal.
    public enum Kind: Sendable, Equatable {
        /// The rule itself is wrong (the message names the field).
        case invalid
        /// ``FaultInjector/capacity`` rules are in force already.
        case limitReached
    }

    /// Why.
    public let message: String
    /// What kind of refusal.
    public let kind: Kind

    /// A refusal; an invalid rule unless `kind` says otherwise.
    public init(message: String, kind: Kind = .invalid) {
        self.message = message
        self.kind = kind
    }
}

/// A rule with its compiled regex and live counters.
private final class ActiveFault: Sendable {
    enum Claim {
        case claimed(last: Bool)
        case unavailable
    }

    let rule: FaultRule
    /// The order rules were added in; a replaced rule keeps its own.
    let sequence: Int
    let regex: NSRegularExpression?
    /// What a stream rule strikes.
    private let stream: StreamTargetResolver.Match?
    /// The frozen playlists of a stale-playlist rule.
    let stale: StalePlaylists?
    /// The schedule of a network rule.
    let network: NetworkShaping?
    private let literal: String?
    private let method: String?
    private let remaining: Atomic<Int>
    private let hits = Atomic<Int>(0)
    /// Matching requests seen, counted only while `rule.after` lets them through.
    private let seen = Atomic<Int>(0)

    /// The rule ready to match.
    /// - Throws: `FaultRuleError` for a rule that cannot be used or a path that is no regex.
    init(checking rule: FaultRule, sequence: Int, streams: StreamTargetResolver?) throws(FaultRuleError) {
        if let problem = rule.problem { throw FaultRuleError(message: problem) }
        if let path = rule.path {
            do {
                regex = try NSRegularExpression(pattern: path)
            } catch {
                throw FaultRuleError(message: "path is not a valid regular expression: \(path)")
            }
        } else {
            regex = nil
        }
        var rule = rule
        if rule.stream != nil {
            guard let streams else { throw FaultRuleError(message: "Stream rules need a running platform to check them against.") }
            let resolved = try streams.resolve(rule)
            stream = resolved.match
            rule.stream = resolved.target
        } else {
            stream = nil
        }
        stale = rule.playlist?.staleFor != nil ? StalePlaylists() : nil
        network = rule.network.flatMap { try? $0.resolvedSteps().get() }.map {
            NetworkShaping(timeline: NetworkTimeline(steps: $0, loops: rule.network?.loop == true))
        }
        self.rule = rule
        self.sequence = sequence
        literal = rule.path.flatMap(RequiredLiteral.of)
        method = rule.method?.uppercased()
        remaining = Atomic(rule.times ?? Int.max)
    }

    /// Whether this rule is tried before `other`: a lower priority, or the same and added later.
    func precedes(_ other: ActiveFault) -> Bool {
        let (mine, theirs) = (rule.priority ?? FaultRule.defaultPriority, other.rule.priority ?? FaultRule.defaultPriority)
        return mine != theirs ? mine < theirs : sequence > other.sequence
    }

    /// Cheap conditions first: most requests fail on method, query, headers or the regex's
    /// required text before the regex itself runs.
    func matches(_ facts: inout RequestFacts) -> Bool {
        let request = facts.request
        if let method, method != request.method.rawValue { return false }
        if let query = rule.query {
            let parameters = facts.query
            for (name, value) in query {
                guard let sent = parameters[name], value == "*" || sent == value else { return false }
            }
        }
        if let headers = rule.headers {
            for (name, value) in headers {
                guard let sent = request.headers[name], value == "*" || sent == value else { return false }
            }
        }
        let path = request.path
        if let literal, !RequiredLiteral.text(path, contains: literal) { return false }
        if let stream {
            guard let target = facts.stream, stream.matches(target) else { return false }
        }
        guard let regex else { return true }
        return regex.firstMatch(in: path, range: NSRange(path.startIndex..., in: path)) != nil
    }

    /// Uses up one application; several threads may race for the last one, exactly one wins.
    /// While `after` requests have not gone through yet, the rule lets this one pass.
    func claim() -> Claim {
        if let after = rule.after, seen.load(ordering: .relaxed) < after,
            seen.add(1, ordering: .relaxed).oldValue < after
        {
            return .unavailable
        }
        guard rule.times != nil else {
            hits.add(1, ordering: .relaxed)
            return .claimed(last: false)
        }
        let before = remaining.subtract(1, ordering: .relaxed).oldValue
        guard before > 0 else { return .unavailable }
        hits.add(1, ordering: .relaxed)
        return .claimed(last: before == 1)
    }

    var snapshot: FaultRule {
        var copy = rule
        copy.remaining = rule.times.map { _ in max(0, remaining.load(ordering: .relaxed)) }
        copy.hits = hits.load(ordering: .relaxed)
        return copy
    }
}

/// What rules ask of a request, worked out at most once per request however many rules ask.
private struct RequestFacts {
    let request: HTTPRequest
    private var parsedQuery: QueryParameters?
    private var parsedStream: StreamRequest??

    init(request: HTTPRequest) { self.request = request }

    /// The request in stream terms; nil when it is no media playlist or segment.
    var stream: StreamRequest? {
        mutating get {
            if let parsedStream { return parsedStream }
            let parsed = StreamRequest(request)
            parsedStream = .some(parsed)
            return parsed
        }
    }

    var query: QueryParameters {
        mutating get {
            if let parsedQuery { return parsedQuery }
            let parsed = request.query
            parsedQuery = parsed
            return parsed
        }
    }
}
