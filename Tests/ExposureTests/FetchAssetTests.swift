import Exposure
import Foundation
import Testing

@Suite("FetchAsset")
struct FetchAssetTests {
    let listPath = "\(TestValues.base)/v1/customer/Sandbox/businessunit/Dev/content/asset"
    let emptyPage = #"{"totalCount": 0, "pageSize": 50, "pageNumber": 1, "items": []}"#

    @Test func aPlainListSpellsOutItsPage() async throws {
        let transport = RecordingTransport(body: emptyPage)
        let list = try await FetchAsset(environment: TestValues.environment, transport: transport).list().request()

        #expect(list.items.isEmpty)
        let sent = try #require(await transport.onlyRequest)
        #expect(sent.method == .get)
        #expect(sent.url.absoluteString == listPath + "?fieldSet=ALL&onlyPublished=true&pageNumber=1&pageSize=50")
        #expect(sent.headers == ["Accept": "application/json"])
    }

    @Test func everyRefinementLandsInTheQuery() async throws {
        let transport = RecordingTransport(body: emptyPage)
        _ = try await FetchAsset(environment: TestValues.environment, transport: transport)
            .list()
            .includeUserData(for: TestValues.token)
            .filter(on: "TV_CHANNEL")
            .filter(onlyPublished: false)
            .filter(assetIds: ["ch_2", "ch,1"])
            .filter(query: "news & weather")
            .sort(on: ["assetId", "-originalTitle"])
            .show(page: 2, spanning: 10)
            .request()

        let sent = try #require(await transport.onlyRequest)
        #expect(
            sent.url.absoluteString == listPath
                + "?assetIds=ch_2&assetIds=ch%2C1&assetType=TV_CHANNEL&fieldSet=ALL&includeUserData=true"
                + "&onlyPublished=false&pageNumber=2&pageSize=10&query=news%20%26%20weather&sort=assetId%2C-originalTitle")
        #expect(sent.header(named: "Authorization") == "Bearer \(TestValues.token.value)")
    }

    @Test func refinementsReturnCopiesAndLeaveTheOriginalAlone() throws {
        let base = FetchAsset(environment: TestValues.environment, transport: RecordingTransport()).list()
        let refined = base.filter(on: "MOVIE").show(page: 3, spanning: 5)

        #expect(base.assetType == nil && base.pageNumber == 1)
        #expect(refined.assetType == "MOVIE" && refined.pageNumber == 3 && refined.pageSize == 5)
        #expect(try base.transportRequest().url != refined.transportRequest().url)
    }

    @Test func oneAssetById() async throws {
        let transport = RecordingTransport(body: #"{"assetId": "movie_1", "type": "MOVIE"}"#)
        let asset = try await FetchAsset(environment: TestValues.environment, transport: transport)
            .filter(assetId: "movie_1")
            .request()

        #expect(asset.assetId == "movie_1")
        let sent = try #require(await transport.onlyRequest)
        #expect(sent.url.absoluteString == listPath + "/movie_1")
    }

    @Test func idsAreEscapedInsideTheirPathSegment() throws {
        let request = try FetchAsset(environment: TestValues.environment, transport: RecordingTransport())
            .filter(assetId: "odd id/ä?")
            .transportRequest()
        #expect(request.url.absoluteString == listPath + "/odd%20id%2F%C3%A4%3F")
    }
}
