import Clocks
import ExposureModels
import HTTPServer
import MockPlatform
import Testing

@Suite struct ContentRouteTests {
    let mock: InProcessPlatform
    init() throws { mock = try InProcessPlatform() }
    private var assets: String { InProcessPlatform.api1 + "/content/asset" }

    @Test func pagingCoversEveryPublishedAssetOnce() throws {
        let first = try mock.json(AssetList.self, .get, assets + "?pageSize=5&pageNumber=1&sort=assetId")
        #expect(first.pageSize == 5)
        #expect(first.items.count == 5)
        var seen: [String] = []
        for page in 1...((first.totalCount + 4) / 5) {
            seen += try mock.json(AssetList.self, .get, assets + "?pageSize=5&pageNumber=\(page)&sort=assetId").items.map(\.assetId)
        }
        #expect(seen.count == first.totalCount)
        #expect(Set(seen).count == seen.count)
        #expect(seen == seen.sorted())
        #expect(!seen.contains("coming-soon"))
    }

    @Test func cachedListBytesEqualTheEncodedList() throws {
        let response = mock.send(.get, assets + "?pageSize=7&pageNumber=2&sort=assetId")
        let decoded = try ExposureJSON.decode(AssetList.self, from: response.body)
        #expect(response.body == (try ExposureJSON.encode(decoded)))
        #expect(decoded.items.count == 7)
        #expect(decoded.pageNumber == 2)
    }

    @Test func pageBeyondTheEndIsEmpty() throws {
        let list = try mock.json(AssetList.self, .get, assets + "?pageSize=50&pageNumber=9")
        #expect(list.items.isEmpty)
        #expect(list.totalCount > 0)
    }

    @Test func sortDescendingAndByTwoKeys() throws {
        let list = try mock.json(AssetList.self, .get, assets + "?sort=-originalTitle&pageSize=200")
        let titles = list.items.compactMap(\.originalTitle)
        #expect(titles == titles.sorted(by: >))
        let byType = try mock.json(AssetList.self, .get, assets + "?sort=type%2C-assetId&pageSize=200").items
        #expect(byType.map { $0.type ?? "" } == byType.map { $0.type ?? "" }.sorted())
    }

    @Test func filterByTypeRepeatedOrCommaSeparated() throws {
        let channels = try mock.json(AssetList.self, .get, assets + "?assetType=TV_CHANNEL")
        #expect(Set(channels.items.map(\.assetId)) == ["news-24", "kids-fun", "sport-max"])
        let mixed = try mock.json(AssetList.self, .get, assets + "?assetType=TV_CHANNEL&assetType=LIVE_EVENT")
        let comma = try mock.json(AssetList.self, .get, assets + "?assetType=TV_CHANNEL%2CLIVE_EVENT")
        #expect(mixed.totalCount == 4)
        #expect(comma.items == mixed.items)
    }

    @Test func aRepeatedListFollowsTheClockAcrossPublicationBoundaries() throws {
        // coming-soon is published from 2099-01-01T00:00:00.000Z until 2099-12-31T23:59:59.000Z (exclusive).
        let listed = { () throws -> Bool in
            try self.mock.json(AssetList.self, .get, self.assets + "?pageSize=200").items.contains { $0.assetId == "coming-soon" }
        }
        let start = try #require(ISO8601.milliseconds(from: "2099-01-01T00:00:00.000Z"))
        let end = try #require(ISO8601.milliseconds(from: "2099-12-31T23:59:59.000Z"))
        let today = mock.clock.nowMs()
        var seen: [Bool] = [try listed()]
        for instant in [start - 1, start, end - 1, end, start + 1, today] {
            mock.clock.set(now: WallTime(millisecondsSince1970: instant), rate: 0)
            seen.append(try listed())
        }
        #expect(seen == [false, false, true, true, false, true, false])
    }

    @Test func onlyPublishedFalseShowsFutureAssets() throws {
        let all = try mock.json(AssetList.self, .get, assets + "?onlyPublished=false&pageSize=200")
        #expect(all.items.contains { $0.assetId == "coming-soon" })
    }

    @Test(arguments: ["pageSize=0", "pageSize=abc", "pageNumber=-1", "sort=nonsense", "onlyPublished=maybe"])
    func badQueryValuesAreRejected(query: String) {
        let response = mock.send(.get, assets + "?" + query)
        #expect(response.status == 400)
        #expect(mock.error(of: response).message == "INVALID_PARAMETER")
    }

    @Test func singleAssetAndUnknownAsset() throws {
        let asset = try mock.json(Asset.self, .get, assets + "/arctic-journey")
        #expect(asset.title() == "Arctic Journey")
        #expect(asset.userData == nil)
        let unknown = mock.send(.get, assets + "/no-such-thing")
        #expect(unknown.status == 404)
        #expect(mock.error(of: unknown) == .unknownAsset)
    }

    @Test func userDataNeedsTheFlagAndAToken() throws {
        let token = try mock.login()
        let withData = try mock.json(Asset.self, .get, assets + "/arctic-journey?includeUserData=true", token: token)
        #expect(withData.userData?.playHistory?.lastViewedOffset == 600_000)
        let withoutFlag = try mock.json(Asset.self, .get, assets + "/arctic-journey", token: token)
        #expect(withoutFlag.userData == nil)
        let otherUser = try mock.json(Asset.self, .get, assets + "/arctic-journey?includeUserData=true", token: try mock.login("basic"))
        #expect(otherUser.userData?.playHistory == nil)
    }

    @Test func lastViewedOffsets() throws {
        let list = try mock.json(
            LastViewedOffsetList.self, .get, InProcessPlatform.api1 + "/userplayhistory/lastviewedoffset?assetIds=arctic-journey",
            token: try mock.login())
        #expect(list.items.map(\.assetId) == ["arctic-journey"])
        #expect(list.items.first?.lastViewedOffset == 600_000)
    }

    @Test func serverTimeFollowsTheClock() throws {
        let before = try mock.json(ServerTime.self, .get, InProcessPlatform.api1 + "/time")
        mock.clock.set(offset: .seconds(3_600))
        let after = try mock.json(ServerTime.self, .get, InProcessPlatform.api1 + "/time")
        #expect(after.epochMillis - before.epochMillis == 3_600_000)
        #expect(ISO8601.milliseconds(from: after.iso8601 ?? "") == after.epochMillis)
    }

    @Test func unknownPathsAndMethods() {
        let missing = mock.send(.get, "/nothing/here")
        #expect(missing.status == 404)
        let wrongMethod = mock.send(.put, InProcessPlatform.api1 + "/time")
        #expect(wrongMethod.status == 405)
        #expect(wrongMethod.headers["Allow"] == "GET")
        #expect(mock.error(of: wrongMethod).message == "METHOD_NOT_ALLOWED")
    }

    @Test func corsOnEveryAnswerAndPreflight() {
        let answer = mock.send(.get, InProcessPlatform.api1 + "/time", headers: [("Origin", "http://app.example")])
        #expect(answer.headers["Access-Control-Allow-Origin"] == "http://app.example")
        let error = mock.send(.get, assets + "/nope")
        #expect(error.headers["Access-Control-Allow-Origin"] == "*")
        let preflight = mock.send(
            .options, InProcessPlatform.api2 + "/entitlement/x/play",
            headers: [
                ("Origin", "http://app.example"), ("Access-Control-Request-Method", "GET"),
                ("Access-Control-Request-Headers", "authorization")
            ])
        #expect(preflight.status == 204)
        #expect(preflight.headers["Access-Control-Allow-Headers"] == "authorization")
    }
}
