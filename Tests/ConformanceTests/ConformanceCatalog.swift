import Clocks
import Exposure
import Foundation
import MockPlatformTesting
import Testing

/// Every request the catalog covers (see docs/compatibility.md for what is and is not).
extension ConformanceCase {
    static let all: [ConformanceCase] = authentication + content + searchAndEvents + epg + entitlement + downloads + eventSink

    /// A download's whole life as iOSClientExposureDownload drives it, on one asset.
    static let downloads: [ConformanceCase] = [
        ConformanceCase("download: info, entitlement, completed, verified, renewed, list, delete") { platform in
            let token = try await platform.login()
            let info = try await platform.decode(OfficialDownloadInfo.self, OfficialCatalog.downloadInfo("arctic-journey", token: token))
            #expect(!info.videos.isEmpty && info.maxDownloadCount == 2)
            _ = try await platform.decode(OfficialPlaybackEntitlement.self, OfficialCatalog.downloadVod("arctic-journey", token: token))
            let completed = try await platform.decode(
                OfficialDownloadCompleted.self,
                OfficialCatalog.downloadReport("arctic-journey", "downloadcompleted", token: token))
            #expect(completed.downloadCount == 1)
            _ = try await platform.decode(OfficialDownloadVerified.self, OfficialCatalog.downloadVerified("arctic-journey", token: token))
            _ = try await platform.decode(
                OfficialPlaybackEntitlement.self, OfficialCatalog.validateDownload("arctic-journey", token: token))
            _ = try await platform.decode(
                OfficialDownloadCompleted.self,
                OfficialCatalog.downloadReport("arctic-journey", "downloadrenewed", token: token))
            let all = try await platform.decode(OfficialAllDownloads.self, OfficialCatalog.allDownloads(token: token))
            #expect(all.assets?.map(\.assetId) == ["arctic-journey"])
            _ = try await platform.decode(
                OfficialDeleteDownloadCompleted.self, OfficialCatalog.deleteDownload("arctic-journey", token: token))
            _ = try await platform.decode(OfficialAvailabilityKeys.self, OfficialCatalog.availabilityKeys(token: token))
        }
    ]

    static let authentication: [ConformanceCase] = [
        .decodes("login v3 with device", as: OfficialCredentials.self) { _ in OfficialCatalog.login(version: "v3") },
        .decodes("login v2 with device", as: OfficialCredentials.self) { _ in OfficialCatalog.login(version: "v2") },
        .decodes("anonymous login", as: OfficialCredentials.self) { _ in OfficialCatalog.anonymous() },
        .decodes("session validate v1", as: OfficialSessionResponse.self) {
            OfficialCatalog.validateSession(version: "v1", token: try await $0.login())
        },
        .decodes("session validate v2", as: OfficialSessionResponse.self) {
            OfficialCatalog.validateSession(version: "v2", token: try await $0.login())
        },
        ConformanceCase("logout v1 and v2") { platform in
            for version in ["v1", "v2"] {
                let token = try await platform.login()
                let response = try await platform.send(OfficialCatalog.logout(version: version, token: token))
                #expect(response.status == 200, "\(version)")
                _ = try JSONDecoder().decode(OfficialEmptyResponse.self, from: response.body)
                #expect(try await platform.send(OfficialCatalog.validateSession(version: version, token: token)).status == 401)
            }
        }
    ]

    /// Search, autocomplete and the events list as the official SDK asks for them.
    static let searchAndEvents: [ConformanceCase] = [
        ConformanceCase("search query with the SDK's defaults") { platform in
            let page = try await platform.decode(OfficialSearchResponseList.self, OfficialCatalog.searchQuery("arctic journey"))
            // The documentary's description names the film.
            #expect(page.items.map(\.asset.assetId) == ["arctic-journey", "behind-the-scenes"] && page.totalCount == 2)
            #expect(page.items.map(\.highlightedTitle) == ["Arctic Journey", nil])
            #expect(page.items.last?.highlightedDescription == "How Arctic Journey was filmed.")
        },
        ConformanceCase("search query filtered, sorted and paged") { platform in
            let page = try await platform.decode(
                OfficialSearchResponseList.self,
                OfficialCatalog.searchQuery(
                    "harbour",
                    [
                        "types": .string("EPISODE"), "locale": .string("en"), "sort": .string("-assetId"), "pageSize": .integer(2),
                        "pageNumber": .integer(2), "excludeFields": .string("publications.rights,tags")
                    ]))
            #expect(page.totalCount == 3 && page.pageNumber == 2 && page.items.map(\.asset.assetId) == ["harbour-tales-s1e1"])
        },
        ConformanceCase("autocomplete") { platform in
            let suggestions = try await platform.decode(
                [OfficialSearchResponseAutocomplete].self, OfficialCatalog.autocomplete("The Amazing arc", locale: nil))
            #expect(suggestions.isEmpty)
            let arctic = try await platform.decode([OfficialSearchResponseAutocomplete].self, OfficialCatalog.autocomplete("arctic jou"))
            #expect(arctic.map(\.assetId) == ["arctic-journey"])
            let swedish = try await platform.decode(
                [OfficialSearchResponseAutocomplete].self, OfficialCatalog.autocomplete("arkt", locale: "sv"))
            #expect(swedish.map(\.text) == ["Arktisk resa"])
        },
        ConformanceCase("events of a day, two days each way, newest first") { platform in
            let events = try await platform.decode(
                OfficialEventList.self,
                OfficialCatalog.events(
                    date: platform.today, ["daysBackward": .integer(2), "daysForward": .integer(2), "sort": .string("-startTime")]))
            let items = try #require(events.items)
            #expect(!items.isEmpty && items.allSatisfy { $0.asset?.assetId == $0.assetId })
            #expect(items.map { $0.startTime ?? "" } == items.map { $0.startTime ?? "" }.sorted(by: >))
            #expect(events.totalCount ?? 0 >= items.count)
        },
        ConformanceCase("EPG of two channels by date, sorted descending") { platform in
            let epgs = try await platform.decode(
                [OfficialChannelEpg].self, OfficialCatalog.epgDate(["kids-fun", "news-24"], date: platform.today, sort: "-channelId"))
            #expect(epgs.map(\.channelId) == ["news-24", "kids-fun"])
        },
        .decodes("events with the SDK's defaults", as: OfficialEventList.self) { OfficialCatalog.events(date: $0.today) },
        ConformanceCase("Firebase login with the test token") { platform in
            let credentials = try await platform.decode(
                OfficialCredentials.self, OfficialCatalog.firebaseLogin(accessToken: "mock-firebase:premium"))
            #expect(credentials.userProfile?.username == "premium")
            #expect(try await platform.send(OfficialCatalog.validateSession(version: "v2", token: credentials.sessionToken)).status == 200)
        }
    ]

    static let content: [ConformanceCase] = [
        .decodes("asset list with the SDK's defaults", as: OfficialAssetList.self) { _ in OfficialCatalog.assetList() },
        .decodes("asset list of channels sorted on two keys", as: OfficialAssetList.self) { _ in
            OfficialCatalog.assetList(["assetType": .string("TV_CHANNEL"), "sort": .string("assetId,-originalTitle")])
        },
        .decodes("asset list by ids with field filters", as: OfficialAssetList.self) { _ in
            OfficialCatalog.assetList([
                "assetIds": .list(["arctic-journey", "city-lights"]), "fieldSet": .string("PARTIAL"),
                "includeFields": .string("publications,medias"), "excludeFields": .string("localized.images")
            ])
        },
        .decodes("asset list searched", as: OfficialAssetList.self) { _ in
            OfficialCatalog.assetList(["query": .string("type:MOVIE AND \"arctic journey\"")])
        },
        ConformanceCase("asset list with user data") { platform in
            let list = try await platform.decode(OfficialAssetList.self, OfficialCatalog.assetList(token: try await platform.login()))
            let bookmarked = list.items?.first { $0.assetId == "arctic-journey" }
            #expect(bookmarked?.userData?.playHistory?.lastViewedOffset == 600_000)
        },
        ConformanceCase("single asset with user data") { platform in
            let asset = try await platform.decode(
                OfficialAsset.self, OfficialCatalog.asset("arctic-journey", token: try await platform.login()))
            #expect(asset.userData?.playHistory?.lastViewedTime ?? 0 > 0, "a bookmark carries the time it was made")
        },
        .decodes("server time", as: OfficialServerTime.self) { _ in OfficialCatalog.time() },
        .decodes("last viewed offsets", as: OfficialLastViewedOffsetList.self) {
            OfficialCatalog.lastViewedOffsets(["arctic-journey", "harbour-tales-s1e2"], token: try await $0.login())
        },
        ConformanceCase("continue a TV show") { platform in
            let next = try await platform.decode(
                OfficialContinueTVShow.self,
                OfficialCatalog.continueTVShow("harbour-tales", token: try await platform.login()))
            #expect(next.asset.assetId == "harbour-tales-s1e2" && next.startedWatching && next.lastViewedOffset == 420_000)
        }
    ]

    static let epg: [ConformanceCase] = [
        .decodes("EPG v1 over an hour", as: OfficialChannelEpg.self) { platform in
            let now = platform.platform.context.clock.nowMs()
            return OfficialCatalog.epgSpan("news-24", fromMs: now - 3_600_000, toMs: now)
        },
        .decodes("EPG v1 from 0 to now (no filter)", as: OfficialChannelEpg.self) { platform in
            OfficialCatalog.epgSpan("news-24", fromMs: 0, toMs: platform.platform.context.clock.nowMs())
        },
        ConformanceCase("EPG v1 from == to (ProgramService)") { platform in
            let program = try await platform.programOnAir("sport-max")
            let now = platform.platform.context.clock.nowMs()
            #expect(try #require(program.startMs) <= now && now < (try #require(program.endMs)))
        },
        ConformanceCase("EPG v1, several channels") { platform in
            let now = platform.platform.context.clock.nowMs()
            let epgs = try await platform.decode(
                [OfficialChannelEpg].self, OfficialCatalog.epgSpan("news-24,sport-max", fromMs: now, toMs: now))
            #expect(epgs.map(\.channelId) == ["news-24", "sport-max"] && epgs.allSatisfy { $0.programs?.count == 1 })
        },
        .decodes("EPG v2 by date, one channel", as: OfficialChannelEpg.self) { OfficialCatalog.epgDate(["news-24"], date: $0.today) },
        ConformanceCase("EPG v2 by date, several channels") { platform in
            let epgs = try await platform.decode(
                [OfficialChannelEpg].self, OfficialCatalog.epgDate(["news-24", "kids-fun"], date: platform.today))
            #expect(epgs.map(\.channelId) == ["news-24", "kids-fun"])
        },
        ConformanceCase("EPG v2 by date, every channel (epg//date)") { platform in
            let epgs = try await platform.decode([OfficialChannelEpg].self, OfficialCatalog.epgDate([], date: platform.today))
            #expect(epgs.count == 3)
        },
        .decodes("program", as: OfficialProgram.self) { platform in
            OfficialCatalog.program(try await platform.programOnAir().programId, channelId: "news-24")
        },
        ConformanceCase("next and previous program, both path forms") { platform in
            let program = try await platform.programOnAir()
            for channelId in [nil, "news-24"] {
                let next = try await platform.decode(
                    OfficialProgram.self, OfficialCatalog.neighbour("next", of: program.programId, channelId: channelId))
                let previous = try await platform.decode(
                    OfficialProgram.self, OfficialCatalog.neighbour("previous", of: program.programId, channelId: channelId))
                #expect(next.startTime == program.endTime && previous.endTime == program.startTime)
            }
        },
        .decodes("program airing", as: OfficialAiring.self) { platform in
            OfficialCatalog.airing(try await platform.programOnAir().programId, channelId: "news-24")
        },
        ConformanceCase("EPG v1 from == to and next on a live event's channelId (ProgramService)") { platform in
            // Half an hour into an occurrence (live 90 minutes every two hours).
            let occurrenceStart = platform.platform.context.clock.nowMs() / 7_200_000 * 7_200_000
            platform.platform.setClock(to: Date(timeIntervalSince1970: Double(occurrenceStart + 1_800_000) / 1000), rate: 0)
            let play = try await platform.decode(
                OfficialPlaybackEntitlement.self, OfficialCatalog.play("summer-concert", token: try await platform.login()))
            let streamInfo = try #require(play.streamInfo)
            let program = try await platform.programOnAir(try #require(streamInfo.channelId))
            let start = try #require(streamInfo.start)
            #expect(program.programId == streamInfo.programId && program.startMs == Int64(start) * 1000)
            let next = try await platform.decode(
                OfficialProgram.self, OfficialCatalog.neighbour("next", of: program.programId, channelId: nil))
            #expect(next.channelId == streamInfo.channelId)
        }
    ]

    static let entitlement: [ConformanceCase] = [
        ConformanceCase("play VOD with the SDK's query and the Adobe header") { platform in
            let adobe = Data("adobe-media-token".utf8).base64EncodedString()
            _ = try await platform.decode(
                OfficialPlaybackEntitlement.self,
                OfficialCatalog.play("arctic-journey", token: try await platform.login(), adobeToken: adobe))
            let play = platform.platform.requests(pathPrefix: "/v2/customer/Sandbox/businessunit/Dev/entitlement/").last
            #expect(play?.headers["X-Adobe-Primetime-MediaToken"] == adobe)
            #expect(
                play?.query.hasPrefix("deviceMake=apple&deviceModel=iPhone14%2C2&supportedDrms=fairplay&supportedFormats=hls%2Cmp3") == true
            )
        },
        .decodes("play a trailer material", as: OfficialPlaybackEntitlement.self) {
            OfficialCatalog.play("arctic-journey", token: try await $0.login(), materialProfile: "TRAILER")
        },
        .decodes("play SSAI with every ad parameter and custom ones", as: OfficialPlaybackEntitlement.self) {
            OfficialCatalog.play("mountain-ssai", token: try await $0.login(), ads: true)
        },
        ConformanceCase("play a live channel") { platform in
            let play = try await platform.decode(
                OfficialPlaybackEntitlement.self, OfficialCatalog.play("news-24", token: try await platform.login()))
            #expect(play.streamInfo?.channelId == "news-24" && play.epg?.enabled == true)
        },
        ConformanceCase("play a live event") { platform in
            let play = try await platform.decode(
                OfficialPlaybackEntitlement.self, OfficialCatalog.play("summer-concert", token: try await platform.login()))
            #expect(play.streamInfo?.event == true && play.streamInfo?.channelId?.isEmpty == false)
        },
        ConformanceCase("play a program") { platform in
            let program = try await platform.programOnAir()
            let play = try await platform.decode(
                OfficialPlaybackEntitlement.self, OfficialCatalog.play(program.assetId, token: try await platform.login()))
            #expect(play.streamInfo?.channelId == "news-24" && play.streamInfo?.programId == program.programId)
        },
        ConformanceCase("entitle at the ProgramService's instant") { platform in
            let program = try await platform.programOnAir()
            let start = try #require(program.startMs)
            let time = ISO8601.string(fromMilliseconds: start + 1000)
            let check = try await platform.decode(
                OfficialEntitlementValidation.self,
                OfficialCatalog.entitle(program.assetId, token: try await platform.login(), time: time))
            #expect(check.status == "SUCCESS")
        },
        .decodes("entitle now", as: OfficialEntitlementValidation.self) {
            OfficialCatalog.entitle("arctic-journey", token: try await $0.login(), time: nil)
        }
    ]

    static let eventSink: [ConformanceCase] = [
        .decodes("eventsink init on the base URL", as: OfficialEventSinkInit.self) { _ in OfficialCatalog.eventSinkInit(versioned: false) },
        .decodes("eventsink init on the v2 path", as: OfficialEventSinkInit.self) { _ in OfficialCatalog.eventSinkInit(versioned: true) },
        ConformanceCase("eventsink send on both paths") { platform in
            let token = try await platform.login()
            for versioned in [false, true] {
                let play = try await platform.decode(OfficialPlaybackEntitlement.self, OfficialCatalog.play("arctic-journey", token: token))
                _ = try await platform.decode(
                    OfficialAnalyticsConfig.self,
                    OfficialCatalog.eventSinkSend(
                        playSessionId: play.playSessionId, token: token, versioned: versioned,
                        nowMs: platform.platform.context.clock.nowMs()))
                #expect(platform.platform.analyticsEvents(sessionId: play.playSessionId).count == 1)
            }
        }
    ]
}
