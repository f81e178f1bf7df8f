import Clocks
import ExposureModels
import HTTPServer

/// Bookmarks: last viewed offsets and the episode of a TV show to continue with.
extension ExposureAPI {
    /// How far into an episode counts as watched, so continuing moves on to the next one.
    static let watchedFraction = 0.95

    mutating func registerPlayHistory() {
        add(.get, [.v1], "/userplayhistory/lastviewedoffset") { context throws(ExposureErrorMessage) in
            let session = try context.requireSession()
            let wanted = Set(context.query.list("assetIds"))
            let bookmarks = Self.bookmarks(of: session, context: context)
                .filter { wanted.isEmpty || wanted.contains($0.key) }
                .sorted { $0.key < $1.key }
            let items = bookmarks.map { assetId, bookmark in
                LastViewedOffset(
                    assetId: assetId, lastViewedOffset: bookmark.offset.wholeMilliseconds,
                    lastViewedTime: bookmark.saved.millisecondsSince1970)
            }
            return Responses.json(LastViewedOffsetList(items: items))
        }

        add(.get, [.v1], "/userplayhistory/continue/tvshow/{tvShowId}") { context throws(ExposureErrorMessage) in
            let session = try context.requireSession()
            let showId = context.path("tvShowId")
            guard context.catalog.assetsById[showId]?.asset.type == "TV_SHOW" else {
                throw ExposureErrorMessage(httpCode: 404, message: "UNKNOWN_ASSET", extendedMessage: "No TV show \"\(showId)\".")
            }
            let episodes = Self.episodes(of: showId, context: context)
            guard let first = episodes.first else {
                throw ExposureErrorMessage(
                    httpCode: 404, message: "UNKNOWN_ASSET", extendedMessage: "The TV show \"\(showId)\" has no episodes.")
            }
            let bookmarks = Self.bookmarks(of: session, context: context)
            // The episode watched last, or the one after it once it is watched to the end.
            var next = ContinueTVShow(asset: first, startedWatching: false, lastViewedOffset: 0)
            if let (index, bookmark) = episodes.indices.compactMap({ i in bookmarks[episodes[i].assetId].map { (i, $0) } })
                .max(by: { $0.1.saved < $1.1.saved })
            {
                let duration = Double(episodes[index].duration ?? 0)
                if duration > 0, Double(bookmark.offset.wholeMilliseconds) >= duration * Self.watchedFraction, index + 1 < episodes.count {
                    next = ContinueTVShow(asset: episodes[index + 1], startedWatching: false, lastViewedOffset: 0)
                } else {
                    next = ContinueTVShow(
                        asset: episodes[index], startedWatching: true, lastViewedOffset: bookmark.offset.wholeMilliseconds)
                }
            }
            next.asset = next.asset.resolvingImageURLs(against: context.baseURL)
            next.asset.userData = Self.userData(for: next.asset.assetId, session: session, context: context)
            return Responses.json(next)
        }
    }

    /// The published episodes of a show in season and episode order.
    private static func episodes(of showId: String, context: RequestContext) -> [Asset] {
        let now = context.now.date
        return context.catalog.wireAssets
            .filter { $0.tvShowId == showId && $0.type == "EPISODE" && AssetQuery.isPublished($0, at: now) }
            .sorted { (Int($0.season ?? "") ?? 0, Int($0.episode ?? "") ?? 0) < (Int($1.season ?? "") ?? 0, Int($1.episode ?? "") ?? 0) }
    }

    /// The account's bookmarks: those saved while running over the ones its fixture starts with
    /// (dated when the catalog was loaded).
    static func bookmarks(of session: Session, context: RequestContext) -> [String: Bookmark] {
        var result: [String: Bookmark] = [:]
        if let username = session.username, let seeded = context.catalog.users[username]?.bookmarks {
            for (assetId, offset) in seeded {
                result[assetId] = Bookmark(assetId: assetId, offset: .milliseconds(offset), saved: context.loaded.loadedAt)
            }
        }
        result.merge(context.platform.state.bookmarks(accountId: session.accountId)) { _, saved in saved }
        return result
    }

    /// The asset's `userData` for the session's account.
    static func userData(for assetId: String, session: Session, context: RequestContext) -> UserData {
        UserData(
            playHistory: bookmarks(of: session, context: context)[assetId].map {
                PlayHistory(lastViewedOffset: $0.offset.wholeMilliseconds, lastViewedTime: $0.saved.millisecondsSince1970)
            })
    }
}

/// `GET …/userplayhistory/continue/tvshow/{id}`: the episode to watch next, as the official
/// SDK's `ContinueTVShow` reads it (all three keys required).
struct ContinueTVShow: Encodable {
    var asset: Asset
    var startedWatching: Bool
    var lastViewedOffset: Int64
}
