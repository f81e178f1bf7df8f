import Foundation

/// The engine's fetches: the one in flight (the shell runs one at a time). Answers carry the id they were issued with, so one that arrives after a seek
/// made it stale is recognised and dropped.
struct FetchLedger: Sendable {
    /// The fetch whose answer is awaited.
    private(set) var inFlight: EngineFetch?
    private var issued = 0

    /// A new fetch, now in flight.
    mutating func issue(_ kind: EngineFetch.Kind, url: URL) -> EngineFetch {
        issued += 1
        let fetch = EngineFetch(id: issued, kind: kind, url: url)
        inFlight = fetch
        return fetch
    }

    /// The fetch `id` was answered: the fetch when it is the one in flight, else nil (stale).
    mutating func answer(id: Int) -> EngineFetch? {
        guard let fetch = inFlight, fetch.id == id else { return nil }
        inFlight = nil
        return fetch
    }

    /// Forgets the fetch in flight (when `matching` its kind): its answer will be stale.
    mutating func abandon(matching: (EngineFetch.Kind) -> Bool = { _ in true }) {
        if let kind = inFlight?.kind, matching(kind) { inFlight = nil }
    }
}
