import Clocks
import ExposureModels
import HTTPServer
import MockPlatform
import Testing

@Suite struct EntitlementRouteTests {
    let mock: InProcessPlatform
    let premium: String
    let basic: String

    init() throws {
        mock = try InProcessPlatform()
        premium = try mock.login("premium")
        basic = try mock.login("basic")
    }

    private func play(_ assetId: String, token: String? = nil, query: String = "") -> HTTPResponseSummary {
        HTTPResponseSummary(mock, mock.send(.get, InProcessPlatform.api2 + "/entitlement/\(assetId)/play" + query, token: token ?? premium))
    }

    private func entitlement(_ assetId: String, token: String? = nil, query: String = "") throws -> PlaybackEntitlement {
        try mock.json(
            PlaybackEntitlement.self, .get, InProcessPlatform.api2 + "/entitlement/\(assetId)/play" + query, token: token ?? premium)
    }

    private func schedule(_ channel: String) -> ChannelSchedule { mock.platform.context.catalog.schedules[channel]! }

    @Test func vodIsStaticWithBookmarkSpritesAndRestrictions() throws {
        let result = try entitlement("arctic-journey")
        #expect(result.streamInfo?.kind == .vod)
        #expect(result.streamInfo?.static == true)
        #expect(result.playableFormat?.mediaLocator == "http://127.0.0.1:8080/streams/vod/arctic-journey/default/master.m3u8")
        #expect(result.bookmarks?.lastViewedOffset == 600_000)
        #expect(result.durationInMs == 2_700_000)
        #expect(result.sprites?.map(\.width) == [160, 320])
        #expect(result.contractRestrictions?.canFastForward == true)
        #expect(result.productId == "premium")
        #expect(result.playTokenExpiration == (mock.clock.nowMs() + 6 * 3_600_000) / 1000)
        #expect(!result.playSessionId.isEmpty)
    }

    @Test func trailerMaterial() throws {
        let trailer = try entitlement("arctic-journey", query: "?materialProfile=TRAILER")
        #expect(trailer.playableFormat?.mediaLocator.hasSuffix("/streams/vod/arctic-journey/TRAILER/master.m3u8") == true)
        #expect(trailer.durationInMs == 60_000)
        #expect(play("city-lights", query: "?materialProfile=TRAILER").message == "NOT_AVAILABLE_IN_FORMAT")
    }

    @Test func liveChannelProgramAndCatchup() throws {
        let now = mock.clock.nowMs()
        let channel = try entitlement("news-24")
        #expect(channel.streamInfo?.kind == .liveChannel || channel.streamInfo?.kind == .liveProgram)
        #expect(channel.streamInfo?.live == true && channel.streamInfo?.static == false)
        #expect(channel.epg == EPGSettings(enabled: true, entitlementCheck: true))
        #expect(channel.playableFormat?.mediaLocator.hasSuffix("/streams/live/news-24/master.m3u8") == true)

        let airing = schedule("news-24").program(at: WallTime(millisecondsSince1970: now))
        let live = try entitlement(airing.assetId)
        #expect(live.streamInfo?.kind == .liveProgram)
        #expect(live.streamInfo?.programId == airing.programId)
        #expect(live.streamInfo?.start == airing.start.secondsSince1970)

        let past = schedule("news-24").programs(
            from: WallTime(millisecondsSince1970: now - 4 * 3_600_000), to: WallTime(millisecondsSince1970: now - 3 * 3_600_000)
        )
        .first { $0.slot.requiredProducts == nil }!
        let catchup = try entitlement(past.assetId)
        #expect(catchup.streamInfo?.kind == .catchup)
        #expect(catchup.playableFormat?.mediaLocator.hasSuffix("/streams/catchup/news-24/\(past.programId)/master.m3u8") == true)
        #expect(catchup.durationInMs == past.end.millisecondsSince1970 - past.start.millisecondsSince1970)
    }

    @Test func upcomingBlockedAndBlackedOutPrograms() throws {
        let now = mock.clock.nowMs()
        let future = schedule("news-24").program(at: WallTime(millisecondsSince1970: now + 24 * 3_600_000))
        #expect(play(future.assetId).message == "NOT_ENTITLED")
        let sport = schedule("sport-max").programs(
            from: WallTime(millisecondsSince1970: now - 24 * 3_600_000), to: WallTime(millisecondsSince1970: now - 3_600_000))
        let highlights = sport.first { $0.slot.catchupBlocked == true }!
        #expect(play(highlights.assetId).message == "NOT_ENTITLED")
        let blackout = sport.first { $0.slot.blackout == true }!
        #expect(play(blackout.assetId).message == "NOT_ENTITLED")
    }

    @Test func liveEvent() throws {
        let event = try entitlement("summer-concert")
        #expect(event.streamInfo?.event == true)
        #expect(event.streamInfo?.kind == .liveEvent || event.streamInfo?.static == true)
        #expect(event.playableFormat?.mediaLocator.contains("/streams/event/summer-concert/") == true)
        #expect(event.streamInfo?.channelId == "summer-concert", "the official ProgramSource follows streamInfo.channelId")
    }

    @Test func audioOnlyPodcast() throws {
        let podcast = try entitlement("tech-talk-e1")
        #expect(podcast.audioOnly == true)
        #expect(podcast.sprites == nil)
    }

    @Test func ssaiClipsLayAdsAroundContent() throws {
        let result = try entitlement("mountain-ssai")
        #expect(result.streamInfo?.ssai == true)
        #expect(result.ads?.stitcher == "NOWTILUS")
        let clips = result.ads?.clips ?? []
        #expect(clips.map { $0.category ?? "" } == ["ad", "ad", "vod", "ad", "vod"])
        #expect(clips.map { $0.titleId ?? "-" } == ["ad-1", "ad-2", "-", "ad-3", "-"])
        let media = mock.platform.context.catalog.catalog.media
        #expect(clips[0].duration == media.ad("ad-1")?.duration.wholeMilliseconds)
        #expect(clips[2].duration == 300_000)
        #expect(clips[2].duration! + clips[4].duration! == 600_000)
        #expect(result.durationInMs == clips.reduce(0) { $0 + ($1.duration ?? 0) })
        #expect(clips[0].trackingEvents?.start?.first?.contains("/ads/beacon/\(result.playSessionId)/0/start") == true)
        #expect(result.playableFormat?.mediaLocator.contains("/streams/ssai/mountain-ssai/\(result.playSessionId)/") == true)
    }

    @Test func contractRestrictionsPerAsset() throws {
        let lecture = try entitlement("masterclass-lecture")
        #expect(lecture.contractRestrictions?.canFastForward == false)
        #expect(lecture.contractRestrictions?.canRewind == false)
        let kids = try entitlement("kids-fun")
        #expect(kids.contractRestrictions?.canTimeshift == false)
    }

    @Test func refusals() {
        #expect(play("arctic-journey", token: basic).status == 403)
        #expect(play("arctic-journey", token: basic).message == "NOT_ENTITLED")
        #expect(play("nordic-noir").message == "GEO_BLOCKED")
        #expect(play("no-such-asset").status == 404)
        #expect(play("no-such-asset").message == "UNKNOWN_ASSET")
        #expect(play("coming-soon").message == "NOT_ENTITLED")
        #expect(play("harbour-tales").message == "NOT_AVAILABLE_IN_FORMAT")
        #expect(play("city-lights", query: "?supportedFormats=dash").message == "NOT_AVAILABLE_IN_FORMAT")
        let noToken = HTTPResponseSummary(mock, mock.send(.get, InProcessPlatform.api2 + "/entitlement/city-lights/play"))
        #expect(noToken.status == 401)
        #expect(noToken.message == "NO_SESSION_TOKEN")
    }

    @Test func geoBlockFollowsTheClientCountry() {
        let response = mock.send(
            .get, InProcessPlatform.api2 + "/entitlement/nordic-noir/play", token: premium, headers: [("X-Mock-Country", "no")])
        #expect(response.status == 200)
    }

    @Test func entitleAtAnInstant() throws {
        let now = mock.clock.nowMs()
        let news = schedule("news-24").programs(
            from: WallTime(millisecondsSince1970: now), to: WallTime(millisecondsSince1970: now + 4 * 3_600_000))
        let sports = news.first { $0.slot.requiredProducts != nil }!
        let plain = news.first { $0.slot.requiredProducts == nil }!
        func entitle(_ atMs: Int64, _ token: String) throws -> EntitlementValidation {
            let time = ISO8601.string(fromMilliseconds: atMs)
            return try mock.json(
                EntitlementValidation.self, .get, InProcessPlatform.api2 + "/entitlement/news-24/entitle?time=\(time)", token: token)
        }
        #expect(try entitle(sports.start.millisecondsSince1970 + 1000, basic).status == "NOT_ENTITLED")
        #expect(try entitle(sports.start.millisecondsSince1970 + 1000, premium).status == "SUCCESS")
        let ok = try entitle(plain.start.millisecondsSince1970 + 1000, basic)
        #expect(ok.isSuccess)
        #expect(ok.streamInfo?.programId == plain.programId)
        let bad = mock.send(.get, InProcessPlatform.api2 + "/entitlement/news-24/entitle?time=yesterday", token: basic)
        #expect(bad.status == 400)
    }
}

/// Status and error message of a response, for compact assertions.
struct HTTPResponseSummary {
    let status: Int
    let message: String?

    init(_ mock: InProcessPlatform, _ response: HTTPResponse) {
        status = response.status
        message = (200..<300).contains(response.status) ? nil : mock.error(of: response).message
    }
}
