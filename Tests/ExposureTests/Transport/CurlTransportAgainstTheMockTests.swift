#if canImport(CCurl)
import Exposure
import Foundation
import MockPlatformTesting
import Testing

/// ``CurlTransport`` against the real mock in this process on a free port: Exposure calls,
/// streams byte for byte as URLSession gets them, answers without bodies, concurrent requests,
/// and every fault kind of the admin API.
@Suite("CurlTransport against the mock")
struct CurlTransportAgainstTheMockTests {
    /// Long enough never to fire in a loaded suite; only the tests about timeouts use a short one.
    let transport = CurlTransport(timeout: 600, environment: [:])

    @Test func exposureCallsGoThrough() async throws {
        let platform = try await MockPlatform.start()
        defer { platform.stop() }
        let credentials = try await Authenticate(environment: platform.environment, transport: transport)
            .login(username: "premium", password: "sandbox").request()
        let asset = try await FetchAsset(environment: platform.environment, transport: transport).filter(assetId: "arctic-journey")
            .request()
        #expect(asset.assetId == "arctic-journey")
        let unknown = await FetchAsset(environment: platform.environment, transport: transport).filter(assetId: "no-such-asset").failure()
        #expect(unknown?.status == 404)
        try await Authenticate(environment: platform.environment, transport: transport).logout(sessionToken: credentials.sessionToken)
            .request()
    }

    @Test func bothTransportsNameTheSDKAndItsVersionInTheUserAgent() async throws {
        let platform = try await MockPlatform.start()
        defer { platform.stop() }
        let url = try #require(URL(string: platform.environment.apiBase(.v1) + "/time"))
        for sender in [transport, URLSessionTransport.shared] as [any HTTPTransport] {
            #expect(try await sender.send(TransportRequest(method: .get, url: url)).status == 200)
        }
        let agents = platform.control.journal.entries().map { $0.headers["User-Agent"] }
        #expect(agents == [ProductVersion.userAgent, ProductVersion.userAgent])
        #expect(ProductVersion.userAgent.hasPrefix("exposure-swift/\(ProductVersion.number) (git "))
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
        let head = try await transport.send(TransportRequest(method: .head, url: segment))
        #expect(head.status == 200)
        #expect(head.body.isEmpty)
        #expect(
            head.header(named: "Content-Length").flatMap(Int.init)
                == (try await transport.send(TransportRequest(method: .get, url: segment))).body.count)
    }

    @Test func noContentAndNotModifiedAnswersHaveNoBody() async throws {
        let platform = try await MockPlatform.start()
        defer { platform.stop() }
        let beacon = try await transport.send(
            TransportRequest(method: .get, url: URL(string: platform.baseURL + "/ads/beacon/play-1/0/start")!))
        #expect(beacon.status == 204)
        #expect(beacon.body.isEmpty)
        try platform.inject(FaultRule(path: "/time$", status: 304, body: "", times: 1))
        let time = FetchServerTime(environment: platform.environment, transport: transport)
        #expect(await time.failure()?.status == 304)
        #expect(try await time.request().epochMillis > 0)
    }

    /// The mock answers an announced oversized body at once and closes, without reading it.
    @Test func anEarlyAnswerToAnOversizedBodyIsRead() async throws {
        let platform = try await MockPlatform.start()
        defer { platform.stop() }
        let response = try await transport.send(
            TransportRequest(
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

    @Test func anInjectedStatusIsAServerError() async throws {
        let platform = try await MockPlatform.start()
        defer { platform.stop() }
        try platform.inject(.status(503, path: "/time$", times: 1))
        let failure = await FetchServerTime(environment: platform.environment, transport: transport).failure()
        #expect(failure?.status == 503)
        #expect(failure?.serverMessage?.message == "SERVICE_UNAVAILABLE")
    }

    @Test func anAnswerDelayedPastTheTimeoutTimesOut() async throws {
        let platform = try await MockPlatform.start()
        defer { platform.stop() }
        try platform.inject(.delay(600_000, path: "/time$", times: 1))
        let failure = await FetchServerTime(environment: platform.environment, transport: CurlTransport(timeout: 0.2, environment: [:]))
            .failure()
        #expect(transportCode(of: failure) == .timedOut, "\(String(describing: failure))")
        #expect(try await FetchServerTime(environment: platform.environment, transport: transport).request().epochMillis > 0)
    }

    @Test func aDroppedConnectionIsLost() async throws {
        let platform = try await MockPlatform.start()
        defer { platform.stop() }
        try platform.inject(.dropConnection(path: "/time$"))
        let failure = await FetchServerTime(environment: platform.environment, transport: transport).failure()
        #expect(transportCode(of: failure) == .connectionLost, "\(String(describing: failure))")
    }

    @Test func aTruncatedBodyIsALostConnection() async throws {
        let platform = try await MockPlatform.start()
        defer { platform.stop() }
        try platform.inject(.truncate(afterBytes: 10, path: "/content/asset/arctic-journey$", times: 1))
        let failure = await FetchAsset(environment: platform.environment, transport: transport).filter(assetId: "arctic-journey").failure()
        #expect(transportCode(of: failure) == .connectionLost, "\(String(describing: failure))")
        #expect(
            try await FetchAsset(environment: platform.environment, transport: transport).filter(assetId: "arctic-journey").request()
                .assetId == "arctic-journey")
    }

    @Test func aThrottledBodyArrivesWhole() async throws {
        let platform = try await MockPlatform.start()
        defer { platform.stop() }
        let url = URL(string: platform.environment.apiBase(.v1) + "/content/asset/arctic-journey")!
        let whole = try await transport.send(TransportRequest(method: .get, url: url))
        try platform.inject(.throttle(bytesPerSecond: 1_000_000, path: "/content/asset/arctic-journey$", times: 1))
        let throttled = try await transport.send(TransportRequest(method: .get, url: url))
        #expect(throttled.header(named: "X-Mock-Fault") != nil)
        #expect(throttled.body == whole.body)
    }

    @Test func aBodyThrottledPastTheTimeoutTimesOut() async throws {
        let platform = try await MockPlatform.start()
        defer { platform.stop() }
        try platform.inject(.throttle(bytesPerSecond: 1, path: "/content/asset/arctic-journey$", times: 1))
        let failure = await FetchAsset(environment: platform.environment, transport: CurlTransport(timeout: 0.3, environment: [:]))
            .filter(assetId: "arctic-journey").failure()
        #expect(transportCode(of: failure) == .timedOut, "\(String(describing: failure))")
    }

    /// A proxy that does not exist: were loopback sent through it, the request would fail.
    @Test func loopbackIsReachedDirectlyWhateverTheProxy() async throws {
        let platform = try await MockPlatform.start()
        defer { platform.stop() }
        let proxied = CurlTransport(
            timeout: 600, environment: ["http_proxy": "http://proxy.invalid:3128", "all_proxy": "http://proxy.invalid:3128"])
        #expect(try await FetchServerTime(environment: platform.environment, transport: proxied).request().epochMillis > 0)
    }

    /// The first URI line of a playlist, resolved against it.
    private func firstURI(in playlist: URL) async throws -> URL {
        let text = String(decoding: try await transport.send(TransportRequest(method: .get, url: playlist)).body, as: UTF8.self)
        let line = try #require(text.split(separator: "\n").first { !$0.hasPrefix("#") && !$0.isEmpty })
        return try #require(URL(string: String(line), relativeTo: playlist)?.absoluteURL)
    }

    private func transportCode(of failure: ExposureError?) -> CurlTransportError.Code? {
        guard case .generalError(let error as CurlTransportError) = failure else { return nil }
        return error.code
    }
}
#endif
