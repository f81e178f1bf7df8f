import Clocks
import Foundation
import Synchronization

/// The control plane's levers, shared by the admin API and the Swift testing library: clock,
/// faults, journal, client activity, state reset and fixture reload.
public final class PlatformControl: Sendable {
    /// Catalog, state, clock and client activity.
    package let context: PlatformContext
    /// The fault rules in force.
    package let faults: FaultInjector
    /// The requests answered.
    public let journal: RequestJournal
    /// The recent requests no route took, with their nearest routes.
    package let unmatched = UnmatchedRequests()
    /// Where the dashboard and the documents the admin API serves are read from.
    package let dataFolder: URL
    /// The schemes the platform serves: `http`, `https`, or both.
    package let schemes: [String]
    /// Who may use the admin API.
    package let adminAccess: AdminAccess
    /// The dashboard's sign-ins, on a mock with an admin token.
    package let adminSessions = AdminSessions()
    private let directory: Mutex<URL>
    /// The ids of the rules the fixtures declared, as last added.
    private let fixtureFaultIds = Mutex<[String]>([])

    init(
        context: PlatformContext, faults: FaultInjector, journal: RequestJournal, fixturesDirectory: URL, dataFolder: URL,
        schemes: [String], adminAccess: AdminAccess
    ) {
        self.schemes = schemes
        self.adminAccess = adminAccess
        self.context = context
        self.faults = faults
        self.journal = journal
        self.dataFolder = dataFolder
        directory = Mutex(fixturesDirectory)
    }

    /// The fixtures directory the catalog was last loaded from.
    package var fixturesDirectory: URL { directory.withLock { $0 } }

    /// Back to a fresh platform: no sessions, bookmarks, play sessions or downloads, no faults
    /// but those the fixtures declare (their probability draws start again from the start-up
    /// seed), an empty journal and unmatched list and activity log, no encrypted segment kept, and
    /// the clock at real time. The catalog stays.
    package func reset() {
        context.state.removeAll()
        context.catalog.encryptedSegments.removeAll()
        faults.reset()
        journal.removeAll()
        unmatched.removeAll()
        context.activity.removeAll()
        context.clock.reset()
        // After the clock: a rule naming a live segment is resolved at the time it comes back.
        applyFixtureFaults()
    }

    /// Loads `directory` (the current one when nil) and swaps the catalog in; with any problem
    /// the catalog in force stays and every problem is thrown.
    @discardableResult
    package func reloadFixtures(from newDirectory: URL? = nil) throws(FixtureProblems) -> Catalog {
        let source = newDirectory ?? fixturesDirectory
        let catalog = try FixtureLoader.load(from: source, at: context.clock.now)
        directory.withLock { $0 = source }
        context.replace(catalog: catalog, fixturesDirectory: source)
        applyFixtureFaults()
        return catalog
    }

    /// Puts the fault rules of the catalog in force (`platform.json` `faults`) in place of those
    /// the fixtures declared before. The loader checked them at real time; one that the
    /// platform's clock puts out of reach (a live segment outside the window then) is left out
    /// and returned as a problem at its place in the file.
    @discardableResult
    func applyFixtureFaults() -> [FixtureProblem] {
        for id in fixtureFaultIds.withLock({ $0 }) { faults.remove(id: id) }
        var added: [String] = []
        var refused: [FixtureProblem] = []
        for (index, rule) in (context.catalog.catalog.settings.faults ?? []).enumerated() {
            do {
                added.append(try faults.add(rule).id ?? "")
            } catch {
                refused.append(FixtureProblem(file: FixtureValidator.platformFile, path: "$.faults[\(index)]", message: error.message))
            }
        }
        fixtureFaultIds.withLock { $0 = added }
        return refused
    }
}
