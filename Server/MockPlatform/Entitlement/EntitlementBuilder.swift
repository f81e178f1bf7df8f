import Clocks
import ExposureModels
import HTTPServer

/// Builds the `PlayBackEntitlementV2` for a resolved target, per stream kind.
struct EntitlementBuilder {
    let context: RequestContext
    let session: Session
    let grant: AccessPolicy.Grant
    /// The play's ids, or `EntitlementBodies.markers` to build the shape of a cached body.
    let ids: PlayIdentifiers

    private var playSessionId: String { ids.playSessionId }

    private var base: String { context.baseURL }
    private var media: MediaManifest { context.catalog.media }

    func entitlement(for target: PlaybackTarget, material: String) -> PlaybackEntitlement {
        let settings = context.catalog.settings
        let asset = target.governingAsset
        var entitlement = PlaybackEntitlement(
            playSessionId: playSessionId,
            playTokenExpiration: (context.now + .seconds(60 * settings.playTokenLifetimeMinutes)).secondsSince1970,
            productId: grant.productId,
            accountId: ids.accountId, audioOnly: asset.mock.audioOnly ?? false,
            requestId: ids.requestId, entitlementType: "SVOD",
            publicationId: grant.publication?.publicationId,
            publicationEnd: grant.publication?.toDate.map(ISO8601.string(from:)),
            playToken: ids.playToken,
            contractRestrictions: restrictions(for: asset),
            analytics: analytics(settings.entitlementAnalytics),
            cdn: CDNInfo(host: context.request.headers["Host"] ?? "127.0.0.1", profile: "default", provider: "exposure-mock")
        )
        switch target {
        case .vod(let entry):
            entitlement.assetId = entry.assetId
            configureVOD(&entitlement, entry: entry, material: material)
        case .liveChannel(let channel, let channelSettings):
            entitlement.assetId = channel.assetId
            entitlement.formats = [MediaFormat(format: "HLS", mediaLocator: StreamURLs.live(base: base, channelId: channel.assetId))]
            let windowStart = context.now - .seconds(60 * channelSettings.dvrWindowMinutes)
            let program = context.loaded.schedules[channel.assetId]?.program(at: context.now)
            entitlement.streamInfo = StreamInfo(
                live: true, static: false, event: false, ssai: false,
                start: windowStart.secondsSince1970, channelId: channel.assetId, programId: program?.programId)
            entitlement.epg = EPGSettings(enabled: true, entitlementCheck: channelSettings.entitlementCheck)
        case .liveProgram(let channel, let channelSettings, let program):
            entitlement.assetId = program.assetId
            entitlement.formats = [MediaFormat(format: "HLS", mediaLocator: StreamURLs.live(base: base, channelId: channel.assetId))]
            entitlement.streamInfo = StreamInfo(
                live: true, static: false, event: false, ssai: false, start: program.start.secondsSince1970,
                end: program.end.secondsSince1970, channelId: channel.assetId, programId: program.programId)
            entitlement.durationInMs = (program.end - program.start).wholeMilliseconds
            entitlement.epg = EPGSettings(enabled: true, entitlementCheck: channelSettings.entitlementCheck)
        case .catchup(let channel, let channelSettings, let program):
            entitlement.assetId = program.assetId
            entitlement.formats = [
                MediaFormat(
                    format: "HLS",
                    mediaLocator: StreamURLs.catchup(
                        base: base, channelId: channel.assetId, programId: program.programId))
            ]
            entitlement.streamInfo = StreamInfo(
                live: false, static: true, event: false, ssai: false, start: program.start.secondsSince1970,
                end: program.end.secondsSince1970, channelId: channel.assetId, programId: program.programId)
            entitlement.durationInMs = (program.end - program.start).wholeMilliseconds
            entitlement.sprites = sprites(assetId: program.assetId)
            entitlement.epg = EPGSettings(enabled: true, entitlementCheck: channelSettings.entitlementCheck)
        case .event(let entry, let occurrence):
            entitlement.assetId = entry.assetId
            entitlement.formats = [
                MediaFormat(
                    format: "HLS",
                    mediaLocator: StreamURLs.event(
                        base: base, assetId: entry.assetId, start: occurrence.start))
            ]
            let live = occurrence.isLive(at: context.now)
            // An event airs on no channel of the catalog: it names itself, as the official
            // ProgramSource needs a channel id to follow, and its EPG there holds this occurrence.
            entitlement.streamInfo = StreamInfo(
                live: live, static: !live, event: true, ssai: false,
                start: occurrence.start.secondsSince1970, end: occurrence.end.secondsSince1970,
                channelId: entry.assetId,
                programId: context.loaded.eventSchedules[entry.assetId]?.program(of: occurrence).programId)
            entitlement.durationInMs = (occurrence.end - occurrence.start).wholeMilliseconds
        case .upcomingProgram:
            break
        }
        entitlement.bookmarks = bookmarks(assetId: entitlement.assetId ?? asset.assetId)
        if asset.mock.encryption != nil {
            // The stream's playlists pass the token on to the key URIs; no `drm` is announced:
            // AES-128 keys come from the playlist (docs/compatibility.md).
            entitlement.formats = entitlement.formats?.map { format in
                var format = format
                format.mediaLocator += "?token=\(ids.playToken)"
                return format
            }
        }
        return entitlement
    }

    private func configureVOD(_ entitlement: inout PlaybackEntitlement, entry: CatalogAsset, material: String) {
        let content = media.contentDuration(forAssetDuration: .milliseconds(entry.asset.duration ?? 0))
        let isTrailer = material != "default"
        if let ssai = entry.mock.ssai, !isTrailer {
            let timeline = SSAITimeline(settings: ssai, contentDuration: content, segmentDuration: media.segmentDuration, media: media)
            entitlement.formats = [
                MediaFormat(
                    format: "HLS",
                    mediaLocator: StreamURLs.ssai(
                        base: base, assetId: entry.assetId, playSessionId: playSessionId))
            ]
            entitlement.ads = Ads(stitcher: "NOWTILUS", clips: adClips(timeline))
            entitlement.durationInMs = timeline.totalDuration.wholeMilliseconds
        } else {
            entitlement.formats = [
                MediaFormat(
                    format: "HLS",
                    mediaLocator: StreamURLs.vod(
                        base: base, assetId: entry.assetId, material: material))
            ]
            entitlement.durationInMs = (isTrailer ? TrailerCut.duration(media: media, contentDuration: content) : content).wholeMilliseconds
        }
        entitlement.streamInfo = StreamInfo(
            live: false, static: true, event: false, ssai: entry.mock.ssai != nil && !isTrailer,
            start: 0, end: (entitlement.durationInMs ?? 0) / 1000)
        if entry.mock.audioOnly != true { entitlement.sprites = sprites(assetId: entry.assetId) }
    }

    private func adClips(_ timeline: SSAITimeline) -> [AdClip] {
        timeline.clips.enumerated().map { index, clip in
            switch clip.kind {
            case .content:
                return AdClip(title: "Content", category: "vod", duration: clip.duration.wholeMilliseconds)
            case .ad(let id):
                let creative = context.catalog.ads[id]
                func beacon(_ event: String) -> [String] {
                    [StreamURLs.adBeacon(base: base, playSessionId: playSessionId, clipIndex: index, event: event)]
                }
                return AdClip(
                    title: creative?.title, titleId: id, category: "ad", duration: clip.duration.wholeMilliseconds,
                    impressionUrlTemplates: beacon("impression"),
                    videoClicks: AdClip.VideoClicks(clickThroughUrl: creative?.clickThroughUrl, clickTrackingUrls: beacon("click")),
                    trackingEvents: AdClip.TrackingEvents(
                        load: beacon("load"), start: beacon("start"), firstQuartile: beacon("firstQuartile"),
                        midpoint: beacon("midpoint"), thirdQuartile: beacon("thirdQuartile"), complete: beacon("complete")))
            }
        }
    }

    private func restrictions(for asset: CatalogAsset) -> ContractRestrictions {
        var restrictions = asset.mock.contractRestrictions ?? ContractRestrictions()
        restrictions.ffEnabled = restrictions.ffEnabled ?? true
        restrictions.rwEnabled = restrictions.rwEnabled ?? true
        restrictions.timeshiftEnabled = restrictions.timeshiftEnabled ?? true
        restrictions.airplayEnabled = restrictions.airplayEnabled ?? true
        return restrictions
    }

    private func analytics(_ configured: AnalyticsSettings) -> AnalyticsSettings {
        var analytics = configured
        analytics.baseUrl = analytics.baseUrl ?? base
        return analytics
    }

    private func sprites(assetId: String) -> [Sprite] {
        media.sprites.map { Sprite(width: $0.width, vtt: StreamURLs.sprites(base: base, assetId: assetId, width: $0.width)) }
    }

    private func bookmarks(assetId: String) -> Bookmarks? {
        guard let bookmark = ExposureAPI.bookmarks(of: session, context: context)[assetId] else { return nil }
        return Bookmarks(lastViewedOffset: bookmark.offset.wholeMilliseconds, lastViewedTime: bookmark.saved.millisecondsSince1970)
    }
}

/// The `TRAILER` material: the first minute of the title (a virtual subclip), whole segments.
enum TrailerCut {
    /// How long the trailer of content lasting `contentDuration` plays.
    static func duration(media: MediaManifest, contentDuration: Duration) -> Duration {
        min(contentDuration, media.contentDuration(forAssetDuration: .seconds(60)))
    }
}
