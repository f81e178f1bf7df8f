import ExposureModels
import Foundation
import HLS
import MockPlatform
import TestSupport
import Testing

/// How files go over the wire: content types per kind of file, byte ranges and HEAD on
/// segments, cache lifetimes, and no way out of the media folder.
@Suite(.onItsOwnQueue) struct MediaDeliveryEndToEndTests {
    @Test func contentTypesPerFileKind() async throws {
        let mock = try StreamPlatform(nowMs: StreamPlatform.noon + 611_000)
        let master = try await mock.streamURL("arctic-journey")
        let folder = master.deletingLastPathComponent()
        let video = try HLSParser.parseMedia(Array(try await HTTP.get(folder.appendingPathComponent("video/360p.m3u8")).body))
        let subtitles = try HLSParser.parseMedia(Array(try await HTTP.get(folder.appendingPathComponent("subtitles/en.m3u8")).body))
        let entitlement = try await mock.entitlement("arctic-journey")
        let vtt = try #require(entitlement.sprites?.first?.vtt)
        let track = try SpriteVTT.parse(Array(try await HTTP.get(vtt).body))
        let sheet = try #require(track.cues.first?.imageURL(relativeTo: URL(string: vtt)!))
        let expectations: [(String, URL, String)] = [
            ("master playlist", master, "application/vnd.apple.mpegurl"),
            ("media playlist", folder.appendingPathComponent("video/360p.m3u8"), "application/vnd.apple.mpegurl"),
            ("live playlist", try await mock.streamURL("news-24"), "application/vnd.apple.mpegurl"),
            ("TS segment", try #require(HLSURI.resolve(video.segments[0].uri, against: master)), "video/mp2t"),
            ("subtitle segment", try #require(HLSURI.resolve(subtitles.segments[0].uri, against: master)), "text/vtt"),
            ("sprite VTT", try #require(URL(string: vtt)), "text/vtt"),
            ("sprite sheet", sheet, "image/jpeg")
        ]
        for (what, url, type) in expectations {
            let response = try await HTTP.get(url)
            #expect(response.status == 200, "\(what) \(url)")
            let contentType = response.header("Content-Type") ?? "none"
            #expect(contentType == type || contentType.hasPrefix(type + ";"), "\(what): \(contentType), expected \(type)")
        }
    }

    @Test func rangesAndHEADOnSegments() async throws {
        let mock = try StreamPlatform()
        let url = try #require(URL(string: "\(mock.base)/media/reel/video/360p/seg-003.ts"))
        let whole = try await HTTP.get(url)
        #expect(whole.status == 200 && whole.header("Accept-Ranges") == "bytes")
        let size = whole.body.count
        #expect(size > 10_000)

        let head = try await HTTP.get(url, method: "HEAD")
        #expect(head.status == 200)
        #expect(head.body.isEmpty)
        #expect(head.header("Content-Length") == String(size))
        #expect(head.header("Content-Type") == "video/mp2t")

        let first = try await HTTP.get(url, headers: ["Range": "bytes=0-187"])
        #expect(first.status == 206)
        #expect(first.header("Content-Range") == "bytes 0-187/\(size)")
        #expect(first.body == whole.body.prefix(188))
        #expect(first.body.first == 0x47, "a TS packet starts with the sync byte")

        let middle = try await HTTP.get(url, headers: ["Range": "bytes=1000-"])
        #expect(middle.status == 206 && middle.body == whole.body.dropFirst(1000))
        let suffix = try await HTTP.get(url, headers: ["Range": "bytes=-188"])
        #expect(suffix.status == 206 && suffix.body == whole.body.suffix(188))
        #expect(suffix.header("Content-Range") == "bytes \(size - 188)-\(size - 1)/\(size)")

        let beyond = try await HTTP.get(url, headers: ["Range": "bytes=\(size)-"])
        #expect(beyond.status == 416)
        #expect(beyond.header("Content-Range") == "bytes */\(size)")
    }

    /// max-age of a Cache-Control value, in seconds.
    private func maxAge(_ response: HTTP.Response) -> Int? {
        guard let value = response.header("Cache-Control") else { return nil }
        return value.split(separator: ",").lazy.map { $0.trimmingCharacters(in: .whitespaces) }
            .first { $0.hasPrefix("max-age=") }.flatMap { Int($0.dropFirst(8)) }
    }

    @Test(arguments: ["news-24", "kids-fun", "sport-max", "summer-concert"])
    func shortCacheOnLivePlaylistsLongOnSegments(asset: String) async throws {
        let mock = try StreamPlatform(nowMs: StreamPlatform.noon + 30 * 60_000)
        let master = try await mock.streamURL(asset)
        let masterResponse = try await HTTP.get(master)
        let video = try await HTTP.get(master.deletingLastPathComponent().appendingPathComponent("video/360p.m3u8"))
        let playlist = try HLSParser.parseMedia(Array(video.body))
        let target = try #require(playlist.targetDuration)
        for (what, response) in [("master", masterResponse), ("media", video)] {
            let age = try #require(maxAge(response), "\(asset) \(what) playlist has a max-age")
            #expect(Double(age) <= Double(target) / 2, "\(asset) \(what) playlist: max-age \(age) above half the target duration \(target)")
        }
        let segment = try await HTTP.get(try #require(HLSURI.resolve(playlist.segments.last!.uri, against: master)))
        #expect((maxAge(segment) ?? 0) >= 86_400, "segments are cached long: \(segment.header("Cache-Control") ?? "none")")
    }

    @Test(arguments: [
        "/media/../catalog/users.json", "/media/reel/../../catalog/users.json", "/media/%2e%2e/catalog/users.json",
        "/media/%2E%2E/%2E%2E/etc/passwd", "/media/reel/%2e%2e/%2e%2e/catalog/users.json", "/media/%252e%252e/catalog/users.json",
        "/media//etc/passwd", "/media/%2fetc%2fpasswd", "/media/reel/..%2f..%2fcatalog%2fusers.json",
        "/media/..%5c..%5ccatalog%5cusers.json",
        "/media/./media.json", "/media/reel/video/360p/./seg-000.ts", "/media/", "/media/sprites/160"
    ])
    func noPathOutsideTheMediaFolder(target: String) async throws {
        let mock = try StreamPlatform()
        let port = mock.platform.port
        #expect(try await RawHTTP.status(port: port, target: target) == 404, "\(target)")
    }

    @Test func theSameFilesAreServedUnderPlainPaths() async throws {
        let mock = try StreamPlatform()
        let port = mock.platform.port
        let statuses = [
            try await RawHTTP.status(port: port, target: "/media/media.json"),
            try await RawHTTP.status(port: port, target: "/media/reel/video/360p/seg-000.ts"),
            try await RawHTTP.status(port: port, method: "HEAD", target: "/media/reel/video/360p/seg-000.ts")
        ]
        #expect(statuses == [200, 200, 200])
    }
}
