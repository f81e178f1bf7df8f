/// Exposure's asset types, as the official SDK names them (`Asset.type` on the wire).
public enum AssetType: String, Sendable, Hashable, CaseIterable {
    case MOVIE, TV_SHOW, EPISODE, CLIP, TV_CHANNEL, AD, LIVE_EVENT, COLLECTION, PODCAST, PODCAST_EPISODE, EVENT, OTHER
}
