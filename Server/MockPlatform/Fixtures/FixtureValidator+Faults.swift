import Clocks
import Foundation

extension FixtureValidator {
    /// `platform.json`'s `faults`: each rule checked as `POST /_mock/faults` checks it (its
    /// actions, its regex, its stream target against this catalog at `now`), each
    /// problem at the rule's place in the file. `now` is the platform's time the targets are checked at.
    static func faultProblems(_ catalog: Catalog, at now: WallTime) -> [FixtureProblem] {
        guard let rules = catalog.settings.faults, !rules.isEmpty else { return [] }
        var reporter = Reporter(platformFile)
        // The streams of this catalog; its media files are not read to check a target.
        let loaded =
            rules.contains { $0.stream != nil }
            ? LoadedCatalog(catalog, fixturesDirectory: URL(fileURLWithPath: "/"), loadedAt: now) : nil
        for (index, rule) in rules.enumerated() {
            // What the platform writes into a rule in force; a file that sets it would be ignored
            // (docs/schemas/platform.schema.json refuses it too).
            let given: [(String, Bool)] = [("id", rule.id != nil), ("remaining", rule.remaining != nil), ("hits", rule.hits != nil)]
            for case (let key, true) in given {
                reporter.report(
                    ".faults[\(index)].\(key)",
                    "\(key) is given by the platform to the rule in force, never read from a file; use name to label a rule.")
            }
            do {
                try FaultInjector.check(rule, streams: loaded.map { StreamTargetResolver(loaded: $0, now: now) })
            } catch {
                reporter.report(".faults[\(index)]", error.message)
            }
        }
        return reporter.problems
    }
}
