/// The rule a request met, with what stale-playlist and network rules keep between requests.
struct ClaimedFault {
    let rule: FaultRule
    /// The playlists a stale-playlist rule froze; nil for every other rule.
    let stale: StalePlaylists?
    /// A network rule's schedule in force; nil for every other rule.
    let network: NetworkShaping?
}
