import Exposure
import Foundation
import Testing

@Suite struct CatalogEndToEndTests {
    @Test func pagingAndSorting() async throws {
        let mock = try RunningPlatform()
        let assets = FetchAsset(environment: mock.environment)
        let first = try await assets.list().sort(on: ["-assetId"]).show(page: 1, spanning: 4).request()
        let second = try await assets.list().sort(on: ["-assetId"]).show(page: 2, spanning: 4).request()
        #expect(first.items.count == 4)
        #expect(first.totalCount == second.totalCount)
        let ids = (first.items + second.items).map(\.assetId)
        #expect(ids == ids.sorted(by: >))
        #expect(Set(ids).count == 8)
    }

    @Test func channelsWithUserData() async throws {
        let mock = try RunningPlatform()
        let token = try await mock.login()
        let channels = try await FetchAsset(environment: mock.environment).list()
            .includeUserData(for: token).filter(on: "TV_CHANNEL").sort(on: ["assetId"]).request()
        #expect(channels.items.map(\.assetId) == ["kids-fun", "news-24", "sport-max"])
        let movie = try await FetchAsset(environment: mock.environment).list()
            .includeUserData(for: token).filter(assetIds: ["arctic-journey"]).request().items.first
        #expect(movie?.userData?.playHistory?.lastViewedOffset == 600_000)
    }

    @Test func unknownAsset() async throws {
        let mock = try RunningPlatform()
        let result = await RunningPlatform.serverMessage {
            try await FetchAsset(environment: mock.environment).filter(assetId: "nope").request()
        }
        #expect(result.status == 404)
        #expect(result.message == "UNKNOWN_ASSET")
    }

    @Test func theEPGHasAProgramNow() async throws {
        let mock = try RunningPlatform()
        let now = try await FetchServerTime(environment: mock.environment).request()
        let nowDate = Date(timeIntervalSince1970: Double(now.epochMillis) / 1000)
        let epg = try await FetchEpg(environment: mock.environment).channel(id: "news-24")
            .filter(starting: nowDate.addingTimeInterval(-3600), ending: nowDate.addingTimeInterval(3600)).request()
        let onAir = epg.programs.filter { $0.isOnAir(at: nowDate) }
        #expect(onAir.count == 1)
        let byDate = try await FetchEpg(environment: mock.environment).channels(ids: ["news-24", "sport-max"], on: nowDate).request()
        #expect(byDate.map(\.channelId) == ["news-24", "sport-max"])
        #expect(byDate.allSatisfy { $0.programs.contains { $0.isOnAir(at: nowDate) } })
        let next = try await FetchEpg(environment: mock.environment).next(programId: onAir[0].programId).request()
        #expect(next.startTime == onAir[0].endTime)
    }
}
