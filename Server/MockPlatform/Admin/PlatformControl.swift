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
    private let directory: Mutex<URL>

    init(
        context: PlatformContext, faults: FaultInjector, journal: RequestJournal, fixturesDirectory: URL, dataFolder: URL, schemes: [String]
    ) {
        self.schemes = schemes
        self.context = context
        self.faults = faults
        self.journal = journal
        self.dataFolder = dataFolder
        directory = Mutex(fixturesDirectory)
    }

    /// The fixtures directory the catalog was last loaded from.
    package var fixturesDirectory: URL { directory.withLock { $0 } }

    /// Back to a fresh platform: no sessions, bookmarks, play sessions or downloads, no faults
    /// (their probability draws start again from the seed), an empty journal and unmatched list and activity log, and the clock at real time. The catalog stays.
    package func reset() {
        context.state.removeAll()
        faults.reset()
        journal.removeAll()
        unmatched.removeAll()
        context.activity.removeAll()
        context.clock.reset()
    }

    /// Loads `directory` (the current one when nil) and swaps the catalog in; with any problem
    /// the catalog in force stays and every problem is thrown.
    @discardableResult
    package func reloadFixtures(from newDirectory: URL? = nil) throws(FixtureProblems) -> Catalog {
        let source = newDirectory ?? fixturesDirectory
        let catalog = try FixtureLoader.load(from: source)
        directory.withLock { $0 = source }
        context.replace(catalog: catalog, fixturesDirectory: source)
        return catalog
    }
}
