import Exposure
import Foundation
import MockPlatform
import Testing

@Suite struct EntitlementEndToEndTests {
    @Test(arguments: [
        ("arctic-journey", StreamKind.vod),
        ("news-24", StreamKind.liveChannel),
        ("summer-concert", StreamKind.liveEvent)
    ])
    func eachStreamKind(assetId: String, kind: StreamKind) async throws {
        let mock = try RunningPlatform()
        let entitlement = try await Entitlement(environment: mock.environment, sessionToken: try await mock.login())
            .play(assetId: assetId).request()
        let actual = entitlement.streamInfo?.kind
        if kind == .liveChannel {
            #expect(actual == .liveChannel || actual == .liveProgram)
        } else if kind == .liveEvent {
            #expect(entitlement.streamInfo?.event == true)
        } else {
            #expect(actual == kind)
        }
        let locator = try #require(entitlement.playableFormat?.mediaLocator)
        #expect(locator.hasPrefix(mock.platform.baseURL + "/streams/"))
    }

    @Test func catchupAndLiveProgram() async throws {
        let mock = try RunningPlatform()
        let token = try await mock.login()
        let now = Date()
        let epg = try await FetchEpg(environment: mock.environment).channel(id: "news-24")
            .filter(starting: now.addingTimeInterval(-6 * 3600), ending: now).request()
        let past = try #require(epg.programs.first { ($0.endTime ?? now) < now && $0.asset?.title() != "Sports Desk" })
        let current = try #require(epg.programs.first { $0.isOnAir(at: now) })
        let entitlement = Entitlement(environment: mock.environment, sessionToken: token)
        #expect(try await entitlement.play(assetId: past.assetId).request().streamInfo?.kind == .catchup)
        #expect(try await entitlement.play(assetId: current.assetId).request().streamInfo?.kind == .liveProgram)
    }

    @Test func notEntitledAndGeoBlocked() async throws {
        let mock = try RunningPlatform()
        let basic = Entitlement(environment: mock.environment, sessionToken: try await mock.login("basic"))
        let notEntitled = await RunningPlatform.serverMessage { try await basic.play(assetId: "arctic-journey").request() }
        #expect(notEntitled.status == 403)
        #expect(notEntitled.message == "NOT_ENTITLED")
        let geo = await RunningPlatform.serverMessage { try await basic.play(assetId: "nordic-noir").request() }
        #expect(geo.status == 403)
        #expect(geo.message == "GEO_BLOCKED")
        let unknown = await RunningPlatform.serverMessage { try await basic.play(assetId: "missing").request() }
        #expect(unknown.status == 404)
        #expect(unknown.message == "UNKNOWN_ASSET")
    }

    @Test func ssaiAndTrailerWithAdParameters() async throws {
        let mock = try RunningPlatform()
        let entitlement = Entitlement(environment: mock.environment, sessionToken: try await mock.login())
        let ssai = try await entitlement.play(
            assetId: "mountain-ssai", adsOptions: AdsOptions(latitude: 59.3, longitude: 18.0, mute: true, consent: "yes"),
            customAdParams: ["campaign": "winter,2026"]
        ).request()
        #expect(ssai.ads?.clips?.count == 5)
        let trailer = try await entitlement.play(assetId: "arctic-journey", materialProfile: "TRAILER").request()
        #expect(trailer.durationInMs == 60_000)
    }

    @Test func entitleAtAnInstant() async throws {
        let mock = try RunningPlatform()
        let validation = try await Entitlement(environment: mock.environment, sessionToken: try await mock.login())
            .validate(assetId: "news-24", time: Date()).request()
        #expect(validation.isSuccess)
    }
}
