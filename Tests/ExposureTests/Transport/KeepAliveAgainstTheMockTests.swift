import Exposure
import Foundation
import MockPlatformTesting
import Testing

/// The keep-alive transport against the real mock in this process on a free
/// port: Exposure calls, streams byte for byte as URLSession gets them, early answers and
/// concurrent requests.
@Suite("KeepAliveHTTPTransport against the mock")
struct KeepAliveAgainstTheMockTests {
    let transport = KeepAliveHTTPTransport(timeout: 10)

    @Test func exposureCallsGoThrough() async throws {
        let platform = try await MockPlatform.start()
        defer { platform.stop() }
        let credentials = try await Authenticate(environment: platform.environment, transport: transport)
            .login(username: "premium", password: "sandbox").request()
        let asset = try await FetchAsset(environment: platform.environment, transport: transport).filter(assetId: "arctic-journey").request()
        #expect(asset.assetId == "arctic-journey")
        let unknown = await FetchAsset(environment: platform.environment, transport: transport).filter(assetId: "no-such-asset").failure()
        #expect(unknown?.status == 404)
        try await Authenticate(environment: platform.environment, transport: transport).logout(sessionToken: credentials.sessionToken).request()
    }

    @Test func streamsArriveExactlyAsURLSessionGetsThem() async throws {
        let platform = try await MockPlatform.start()
        defer { platform.stop() }
        let token = try await Authenticate(environment: platform.environment, transport: transport)
            .login(username: "premium", password: "sandbox").request().sessionToken
        let entitlement = try await Entitlement(environment: platform.environment, sessionToken: token, transport: transport)
            .play(assetId: "arctic-journey").request()
        let locator = try #require(entitlement.playableFormat?.mediaLocator)
        let master = try #require(URL(string: locator))
        let media = try await firstURI(in: master)
        let segment = try await firstURI(in: media)
        for url in [master, media, segment] {
            let ours = try await transport.send(TransportRequest(method: .get, url: url))
            let theirs = try await URLSessionTransport.shared.send(TransportRequest(method: .get, url: url))
            #expect(ours.status == 200)
            #expect(ours.body == theirs.body, "\(url)")
            #expect(ours.header(named: "Content-Type") == theirs.header(named: "Content-Type"))
        }
    }

    /// The mock answers an announced oversized body at once and closes, without reading it.
    @Test func anEarlyAnswerToAnOversizedBodyIsRead() async throws {
        let platform = try await MockPlatform.start()
        defer { platform.stop() }
        let response = try await transport.send(TransportRequest(
            method: .post, url: URL(string: platform.environment.apiBase(.v3) + "/auth/login")!,
            headers: ["Content-Type": "application/json"], body: Data(repeating: 0x20, count: 2 << 20)))
        #expect(response.status == 413)
        let stillUp = try await FetchServerTime(environment: platform.environment, transport: transport).request()
        #expect(stillUp.epochMillis > 0)
    }

    @Test func concurrentRequestsEachGetTheirOwnAnswer() async throws {
        let platform = try await MockPlatform.start()
        defer { platform.stop() }
        let ids = ["arctic-journey", "news-24", "kids-fun"]
        let fetched = try await withThrowingTaskGroup(of: (String, String).self) { group in
            for index in 0..<60 {
                let id = ids[index % ids.count]
                group.addTask {
                    let asset = try await FetchAsset(environment: platform.environment, transport: transport).filter(assetId: id).request()
                    return (id, asset.assetId)
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(fetched.count == 60)
        #expect(fetched.allSatisfy { $0.0 == $0.1 })
    }

    /// The first URI line of a playlist, resolved against it.
    private func firstURI(in playlist: URL) async throws -> URL {
        let text = String(decoding: try await transport.send(TransportRequest(method: .get, url: playlist)).body, as: UTF8.self)
        let line = try #require(text.split(separator: "\n").first { !$0.hasPrefix("#") && !$0.isEmpty })
        return try #require(URL(string: String(line), relativeTo: playlist)?.absoluteURL)
    }
}
