/// The rule a request met, with what a stale-playlist rule keeps between requests.
struct ClaimedFault {
    let rule: FaultRule
    /// The playlists a stale-playlist rule froze; nil for every other rule.
    let stale: StalePlaylists?
}
