import Foundation
import HTTPServer
import Synchronization

/// The fault rules in force, matched against every request outside `/_mock/`.
///
/// Matching runs on a snapshot of the rules outside the lock, so requests do not queue behind
/// each other's regular expressions; only claiming a counted rule is atomic. With no rules in
/// force (the usual case) a request reads one counter and takes no lock.
public final class FaultInjector: Sendable {
    private let rules = Mutex<[ActiveFault]>([])
    /// How many rules `rules` holds, kept in step under its lock.
    private let ruleCount = Atomic<Int>(0)
    private let lastId = Atomic<Int>(0)

    /// No rules.
    public init() {}

    /// Adds a rule after the existing ones (the first matching rule applies) and returns it with its id.
    /// - Throws: `FaultRuleError` when the rule has no action, conflicting actions or a bad regex.
    @discardableResult
    public func add(_ rule: FaultRule) throws(FaultRuleError) -> FaultRule {
        if let problem = rule.problem { throw FaultRuleError(message: problem) }
        let regex: NSRegularExpression
        do {
            regex = try NSRegularExpression(pattern: rule.path)
        } catch {
            throw FaultRuleError(message: "path is not a valid regular expression: \(rule.path)")
        }
        var rule = rule
        rule.id = "fault-\(lastId.wrappingAdd(1, ordering: .relaxed).newValue)"
        let fault = ActiveFault(rule: rule, regex: regex)
        changeRules { $0.append(fault) }
        return fault.snapshot
    }

    /// The rules in force, in matching order, with their counters.
    public func list() -> [FaultRule] { rules.withLock { $0 }.map(\.snapshot) }

    /// Removes one rule; false when there is none with that id.
    @discardableResult
    public func remove(id: String) -> Bool {
        changeRules { rules in
            let before = rules.count
            rules.removeAll { $0.rule.id == id }
            return rules.count != before
        }
    }

    /// Removes every rule.
    public func removeAll() { changeRules { $0.removeAll() } }

    private func changeRules<Result>(_ change: (inout [ActiveFault]) -> Result) -> Result {
        rules.withLock { rules in
            let result = change(&rules)
            ruleCount.store(rules.count, ordering: .releasing)
            return result
        }
    }

    /// The first rule matching `request` that still has a use left, which this call uses up.
    func claim(for request: HTTPRequest) -> FaultRule? {
        guard ruleCount.load(ordering: .acquiring) > 0 else { return nil }
        let snapshot = rules.withLock { $0 }
        guard !snapshot.isEmpty else { return nil }
        var facts = RequestFacts(request: request)
        for fault in snapshot where fault.matches(&facts) {
            switch fault.claim() {
            case .unavailable: continue
            case .claimed(let last):
                if last { changeRules { $0.removeAll { $0 === fault } } }
                return fault.rule
            }
        }
        return nil
    }
}

/// A rule that cannot be added, with the reason as a sentence.
public struct FaultRuleError: Error, Sendable, Equatable {
    /// Why.
    public let message: String
}

/// A rule with its compiled regex and live counters.
private final class ActiveFault: Sendable {
    enum Claim {
        case claimed(last: Bool)
        case unavailable
    }

    let rule: FaultRule
    let regex: NSRegularExpression
    private let literal: String?
    private let method: String?
    private let remaining: Atomic<Int>
    private let hits = Atomic<Int>(0)
    /// Matching requests seen, counted only while `rule.after` lets them through.
    private let seen = Atomic<Int>(0)

    init(rule: FaultRule, regex: NSRegularExpression) {
        self.rule = rule
        self.regex = regex
        literal = RequiredLiteral.of(rule.path)
        method = rule.method?.uppercased()
        remaining = Atomic(rule.times ?? Int.max)
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

    init(request: HTTPRequest) { self.request = request }

    var query: QueryParameters {
        mutating get {
            if let parsedQuery { return parsedQuery }
            let parsed = request.query
            parsedQuery = parsed
            return parsed
        }
    }
}
