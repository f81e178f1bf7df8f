/// Cross-file checks on decoded fixtures: what JSON decoding alone cannot see.
enum FixtureValidator {
    static func problems(in catalog: Catalog) -> [FixtureProblem] {
        userProblems(catalog) + assetProblems(catalog) + adProblems(catalog)
    }

    private static func userProblems(_ catalog: Catalog) -> [FixtureProblem] {
        var problems: [FixtureProblem] = []
        var seen: Set<String> = []
        var accounts: Set<String> = []
        for (index, user) in catalog.usersInFileOrder.enumerated() {
            if !seen.insert(user.username).inserted {
                problems.append(FixtureProblem(file: "catalog/users.json", path: "$[\(index)].username",
                                               message: "The username \"\(user.username)\" is used twice."))
            }
            if !accounts.insert(user.accountId).inserted {
                problems.append(FixtureProblem(file: "catalog/users.json", path: "$[\(index)].accountId",
                                               message: "The account id \"\(user.accountId)\" is used twice."))
            }
            if let limit = user.concurrentStreamsLimit, limit < 1 {
                problems.append(FixtureProblem(file: "catalog/users.json", path: "$[\(index)].concurrentStreamsLimit",
                                               message: "A stream limit must be at least 1."))
            }
            for assetId in (user.bookmarks ?? [:]).keys.sorted() where catalog.assetsById[assetId] == nil {
                problems.append(FixtureProblem(file: "catalog/users.json", path: "$[\(index)].bookmarks.\(assetId)",
                                               message: "The bookmark refers to an unknown asset \"\(assetId)\"."))
            }
        }
        return problems
    }

    private static func assetProblems(_ catalog: Catalog) -> [FixtureProblem] {
        var problems: [FixtureProblem] = []
        var seen: Set<String> = []
        for (index, entry) in catalog.assets.enumerated() {
            let at = "$[\(index)]"
            func report(_ path: String, _ message: String) {
                problems.append(FixtureProblem(file: "catalog/assets.json", path: at + path, message: message))
            }
            if entry.assetId.isEmpty || entry.assetId.contains(where: { "/?#%".contains($0) || $0 == " " }) {
                report(".assetId", "An asset id must be non-empty and must not contain '/', '?', '#', '%' or spaces.")
            }
            if !seen.insert(entry.assetId).inserted {
                report(".assetId", "The asset id \"\(entry.assetId)\" is used twice.")
            }
            let isLive = entry.mock.channel != nil || entry.mock.event != nil
            let isPlayable = !(entry.asset.medias ?? []).isEmpty
            if !isLive, isPlayable, (entry.asset.duration ?? 0) <= 0 {
                report(".duration", "A playable VOD asset needs a positive duration in milliseconds.")
            }
            if let channel = entry.mock.channel {
                if channel.schedule.isEmpty { report(".mock.channel.schedule", "A channel needs at least one program slot.") }
                if channel.dvrWindowMinutes < 0 { report(".mock.channel.dvrWindowMinutes", "The DVR window cannot be negative.") }
                for (slotIndex, slot) in channel.schedule.enumerated() where slot.durationMinutes <= 0 {
                    report(".mock.channel.schedule[\(slotIndex)].durationMinutes", "A program must last at least one minute.")
                }
            }
            if let event = entry.mock.event, event.durationMinutes <= 0 || event.durationMinutes > event.periodMinutes {
                report(".mock.event", "An event must last at least a minute and no longer than its period.")
            }
            if let ssai = entry.mock.ssai {
                for (adIndex, adId) in ssai.preroll.enumerated() where catalog.ads[adId] == nil {
                    report(".mock.ssai.preroll[\(adIndex)]", "The ad \"\(adId)\" is not in catalog/ads.json.")
                }
                for (breakIndex, midroll) in ssai.midrolls.enumerated() {
                    if midroll.contentOffsetMs <= 0 || midroll.contentOffsetMs >= (entry.asset.duration ?? 0) {
                        report(".mock.ssai.midrolls[\(breakIndex)].contentOffsetMs", "A mid-roll must fall inside the content.")
                    }
                    for (adIndex, adId) in midroll.ads.enumerated() where catalog.ads[adId] == nil {
                        report(".mock.ssai.midrolls[\(breakIndex)].ads[\(adIndex)]", "The ad \"\(adId)\" is not in catalog/ads.json.")
                    }
                }
            }
        }
        return problems
    }

    private static func adProblems(_ catalog: Catalog) -> [FixtureProblem] {
        catalog.adsInFileOrder.enumerated().compactMap { index, ad in
            catalog.media.ad(ad.id) == nil
                ? FixtureProblem(file: "catalog/ads.json", path: "$[\(index)].id",
                                 message: "The ad \"\(ad.id)\" has no media in media/media.json.")
                : nil
        }
    }
}
