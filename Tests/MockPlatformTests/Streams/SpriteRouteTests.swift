import HLS
import HTTPServer
import MockPlatform
import Testing

/// Sprite VTTs name their images with absolute URLs on the host and port the client used: the
/// official WebVTT parser rebuilds host-relative ones from scheme and host only.
@Suite struct SpriteRouteTests {
    let mock: InProcessPlatform
    init() throws { mock = try InProcessPlatform() }

    @Test(arguments: ["127.0.0.1:8080", "127.0.0.1:54321", "mock.example:9000"])
    func imagesAreAbsoluteOnTheRequestedOrigin(host: String) throws {
        let width = try #require(mock.platform.context.catalog.catalog.media.sprites.first?.width)
        let request = HTTPRequest(
            method: .get, path: "/sprites/arctic-journey/\(width)/thumbnails.vtt", rawQuery: "",
            headers: HTTPHeaders([("Host", host)]))
        let response = mock.platform.responder.respond(to: request)
        #expect(response.status == 200)
        let track = try SpriteVTT.parse(response.body)
        #expect(!track.cues.isEmpty)
        #expect(track.cues.allSatisfy { $0.image.hasPrefix("http://\(host)/media/") })
    }
}
