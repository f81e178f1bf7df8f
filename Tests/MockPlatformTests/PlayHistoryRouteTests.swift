import Clocks
import ExposureModels
import Foundation
import HTTPServer
import MockPlatform
import Testing

/// Bookmarks carry the time they were made; continue-watching picks the episode to resume.
@Suite struct PlayHistoryRouteTests {
    let mock: InProcessPlatform
    init() throws { mock = try InProcessPlatform() }
    private let continueShow = InProcessPlatform.api1 + "/userplayhistory/continue/tvshow/"

    private func continued(_ token: String, show: String = "harbour-tales") throws -> [String: Any] {
        let response = mock.send(.get, continueShow + show, token: token)
        #expect(response.status == 200, "\(mock.error(of: response))")
        return try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
    }

    @Test func seededBookmarksAreDatedWhenTheCatalogLoaded() throws {
        let list = try mock.json(
            LastViewedOffsetList.self, .get, InProcessPlatform.api1 + "/userplayhistory/lastviewedoffset?assetIds=arctic-journey",
            token: try mock.login())
        #expect(list.items.first?.lastViewedTime == mock.clock.nowMs())
        let asset = try mock.json(
            Asset.self, .get, InProcessPlatform.api1 + "/content/asset/arctic-journey?includeUserData=true", token: try mock.login())
        #expect(asset.userData?.playHistory?.lastViewedTime == mock.clock.nowMs())
    }

    @Test func resumesTheEpisodeWatchedLast() throws {
        let body = try continued(try mock.login("premium"))
        #expect((body["asset"] as? [String: Any])?["assetId"] as? String == "harbour-tales-s1e2")
        #expect(body["startedWatching"] as? Bool == true)
        #expect(body["lastViewedOffset"] as? Int == 420_000)
        let history = ((body["asset"] as? [String: Any])?["userData"] as? [String: Any])?["playHistory"] as? [String: Any]
        #expect(history?["lastViewedOffset"] as? Int == 420_000)
    }

    @Test func startsAtTheFirstEpisodeWithoutHistoryAndMovesOnOnceWatched() throws {
        let basic = try mock.login("basic")
        let fresh = try continued(basic)
        #expect((fresh["asset"] as? [String: Any])?["assetId"] as? String == "harbour-tales-s1e1")
        #expect(fresh["startedWatching"] as? Bool == false)
        #expect(fresh["lastViewedOffset"] as? Int == 0)
        let session = try #require(mock.platform.context.state.session(token: basic))
        let duration = try #require(mock.platform.context.catalog.catalog.assetsById["harbour-tales-s1e1"]?.asset.duration)
        mock.platform.context.state.save(
            Bookmark(assetId: "harbour-tales-s1e1", offset: .milliseconds(duration - 1000), saved: mock.clock.now),
            accountId: session.accountId)
        let next = try continued(basic)
        #expect((next["asset"] as? [String: Any])?["assetId"] as? String == "harbour-tales-s1e2")
        #expect(next["startedWatching"] as? Bool == false)
    }

    @Test func refusals() throws {
        #expect(mock.send(.get, continueShow + "harbour-tales").status == 401)
        let token = try mock.login()
        #expect(mock.send(.get, continueShow + "arctic-journey", token: token).status == 404)
        #expect(mock.send(.get, continueShow + "no-such-show", token: token).status == 404)
    }
}
