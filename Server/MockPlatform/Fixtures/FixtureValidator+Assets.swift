import Clocks
import ExposureModels

/// Checks of `assets.json`: ids and references, publication windows, materials, markers, and
/// the `mock` settings of channels, events and SSAI titles.
extension FixtureValidator {
    static func assetProblems(_ catalog: Catalog, _ undecoded: Undecoded) -> [FixtureProblem] {
        var reporter = Reporter(assetsFile)
        var seen: Set<String> = []
        var mediaIds: Set<String> = []
        for (index, entry) in catalog.assets.enumerated() {
            let at = "[\(index)]"
            let asset = entry.asset
            if !isPathSegment(entry.assetId) {
                reporter.report(at + ".assetId", "An asset id must be non-empty and must not contain '/', '?', '#', '%' or spaces.")
            }
            if !seen.insert(entry.assetId).inserted { reporter.report(at + ".assetId", "The asset id \"\(entry.assetId)\" is used twice.") }
            if entry.assetId.hasSuffix(ScheduledProgram.assetSuffix) {
                reporter.report(at + ".assetId", "Ids ending in \"\(ScheduledProgram.assetSuffix)\" are reserved for programs' assets.")
            }
            let isLive = entry.mock.channel != nil || entry.mock.event != nil
            if !isLive, !(asset.medias ?? []).isEmpty {
                reporter.check(at + ".duration", asset.duration ?? 0, in: 1...Self.longestVODMs, "A playable VOD asset's duration in ms")
            }
            if let showId = asset.tvShowId {
                if let show = catalog.assetsById[showId] {
                    if show.asset.type != "TV_SHOW" { reporter.report(at + ".tvShowId", "\"\(showId)\" is not a TV_SHOW.") }
                } else if !undecoded.excuses(showId, in: assetsFile) {
                    reporter.report(at + ".tvShowId", "The show \"\(showId)\" is not in assets.json.")
                }
            }
            publicationProblems(asset, at: at, reporter: &reporter)
            materialProblems(entry, at: at, mediaIds: &mediaIds, reporter: &reporter)
            markerProblems(asset, at: at, reporter: &reporter)
            liveProblems(entry, at: at, reporter: &reporter)
            ssaiProblems(entry, catalog: catalog, undecoded: undecoded, at: at, reporter: &reporter)
            downloadProblems(entry, at: at, reporter: &reporter)
        }
        return reporter.problems
    }

    private static func publicationProblems(_ asset: Asset, at: String, reporter: inout Reporter) {
        var ids: Set<String> = []
        for (index, publication) in (asset.publications ?? []).enumerated() {
            let path = at + ".publications[\(index)]"
            if let from = publication.fromDate, let to = publication.toDate, from >= to {
                reporter.report(path + ".toDate", "The publication ends (toDate) before or when it starts (fromDate).")
            }
            if let id = publication.publicationId, !ids.insert(id).inserted {
                reporter.report(path + ".publicationId", "The publication id \"\(id)\" is used twice in this asset.")
            }
            for (countryIndex, country) in (publication.countries ?? []).enumerated()
            where country.count != 2 || !country.allSatisfy({ $0.isASCII && $0.isLetter }) {
                reporter.report(path + ".countries[\(countryIndex)]", "\"\(country)\" is not an ISO 3166 two-letter country code.")
            }
        }
    }

    private static func materialProblems(_ entry: CatalogAsset, at: String, mediaIds: inout Set<String>, reporter: inout Reporter) {
        let medias = entry.asset.medias ?? []
        for (index, media) in medias.enumerated() {
            if let id = media.mediaId, !mediaIds.insert(id).inserted {
                reporter.report(at + ".medias[\(index)].mediaId", "The media id \"\(id)\" is used twice in the catalog.")
            }
            if let duration = media.durationMillis, duration <= 0 {
                reporter.report(at + ".medias[\(index)].durationMillis", "A media's duration must be positive.")
            }
        }
        for (index, profile) in (entry.mock.materialProfiles ?? []).enumerated()
        where !medias.contains(where: { $0.materialProfile == profile }) {
            reporter.report(
                at + ".mock.materialProfiles[\(index)]",
                "The material profile \"\(profile)\" has no media: add one to medias with \"materialProfile\": \"\(profile)\".")
        }
    }

    private static func markerProblems(_ asset: Asset, at: String, reporter: inout Reporter) {
        for (index, marker) in (asset.markerPoints ?? []).enumerated() {
            let offset = marker.offset ?? 0
            if offset < 0 || (marker.endOffset.map { $0 < offset } ?? false) {
                reporter.report(at + ".markerPoints[\(index)]", "A marker must start at 0 or later and end after it starts.")
            } else if let duration = asset.duration, duration > 0, (marker.endOffset ?? offset) > duration {
                reporter.report(at + ".markerPoints[\(index)]", "A marker must lie within the asset's duration (\(duration) ms).")
            }
        }
    }

    private static func liveProblems(_ entry: CatalogAsset, at: String, reporter: inout Reporter) {
        if entry.mock.channel != nil, entry.mock.event != nil {
            reporter.report(at + ".mock", "An asset is a channel or a live event, not both.")
        }
        if let channel = entry.mock.channel {
            if entry.asset.type != "TV_CHANNEL" { reporter.report(at + ".type", "An asset with mock.channel must be of type TV_CHANNEL.") }
            if channel.schedule.isEmpty { reporter.report(at + ".mock.channel.schedule", "A channel needs at least one program slot.") }
            reporter.check(at + ".mock.channel.dvrWindowMinutes", channel.dvrWindowMinutes, in: 0...1_440, "The DVR window in minutes")
            for (index, slot) in channel.schedule.enumerated() {
                let path = at + ".mock.channel.schedule[\(index)]"
                reporter.check(path + ".durationMinutes", slot.durationMinutes, in: 1...1_440, "A program's length in minutes")
                if slot.title.isEmpty { reporter.report(path + ".title", "A program needs a title.") }
            }
            if channel.schedule.allSatisfy({ (1...1_440).contains($0.durationMinutes) }) {
                reporter.check(
                    at + ".mock.channel.schedule", channel.schedule.reduce(0) { $0 + $1.durationMinutes }, in: 1...10_080,
                    "The schedule's cycle in minutes")
            }
        }
        if let event = entry.mock.event {
            if entry.asset.type != "LIVE_EVENT" { reporter.report(at + ".type", "An asset with mock.event must be of type LIVE_EVENT.") }
            if event.durationMinutes <= 0 || event.durationMinutes > event.periodMinutes {
                reporter.report(at + ".mock.event", "An event must last at least a minute and no longer than its period.")
            }
            reporter.check(at + ".mock.event.durationMinutes", event.durationMinutes, in: 1...1_440, "An occurrence's length in minutes")
            reporter.check(at + ".mock.event.periodMinutes", event.periodMinutes, in: 1...525_600, "The period in minutes")
        }
    }

    private static func ssaiProblems(
        _ entry: CatalogAsset, catalog: Catalog, undecoded: Undecoded, at: String, reporter: inout Reporter
    ) {
        guard let ssai = entry.mock.ssai else { return }
        if entry.mock.channel != nil || entry.mock.event != nil {
            reporter.report(at + ".mock.ssai", "Server-side ads are stitched into VOD titles only, not channels or events.")
        }
        if ssai.preroll.isEmpty, ssai.midrolls.allSatisfy(\.ads.isEmpty) {
            reporter.report(at + ".mock.ssai", "The SSAI settings stitch no ads: add a preroll or a mid-roll with ads.")
        }
        for (adIndex, adId) in ssai.preroll.enumerated() where catalog.ads[adId] == nil && !undecoded.excuses(adId, in: adsFile) {
            reporter.report(at + ".mock.ssai.preroll[\(adIndex)]", "The ad \"\(adId)\" is not in catalog/ads.json.")
        }
        var offsets: Set<Int64> = []
        for (breakIndex, midroll) in ssai.midrolls.enumerated() {
            let path = at + ".mock.ssai.midrolls[\(breakIndex)]"
            if midroll.contentOffset <= .zero || midroll.contentOffset >= .milliseconds(entry.asset.duration ?? 0) {
                reporter.report(path + ".contentOffsetMs", "A mid-roll must fall inside the content.")
            }
            let segment = max(1, catalog.media.segmentDuration.wholeMilliseconds)
            if !offsets.insert(midroll.contentOffset.wholeMilliseconds / segment).inserted {
                reporter.report(path + ".contentOffsetMs", "Two mid-rolls fall in the same segment; merge them into one break.")
            }
            for (adIndex, adId) in midroll.ads.enumerated() where catalog.ads[adId] == nil && !undecoded.excuses(adId, in: adsFile) {
                reporter.report(path + ".ads[\(adIndex)]", "The ad \"\(adId)\" is not in catalog/ads.json.")
            }
        }
    }

    /// Only plain VOD with media can be downloaded (no live, events or stitched ads).
    private static func downloadProblems(_ entry: CatalogAsset, at: String, reporter: inout Reporter) {
        guard let download = entry.mock.download else { return }
        if entry.mock.channel != nil || entry.mock.event != nil || entry.mock.ssai != nil || (entry.asset.medias ?? []).isEmpty {
            reporter.report(at + ".mock.download", "Only VOD assets with media and without SSAI can be downloaded.")
        }
        if download.maxDownloadCount < 1 {
            reporter.report(at + ".mock.download.maxDownloadCount", "A download limit must be at least 1.")
        }
        reporter.check(
            at + ".mock.download.licenseLifetimeHours", download.licenseLifetimeHours, in: 1...tenYearsMinutes / 60,
            "A license's lifetime in hours")
    }

    /// The longest VOD title, ms: a day, 43,200 segments of 2 s in one playlist.
    static let longestVODMs: Int64 = 86_400_000
}
