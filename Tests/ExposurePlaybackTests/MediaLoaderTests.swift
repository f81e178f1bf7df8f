import Exposure
import Foundation
import Testing

@testable import ExposurePlayback

/// `file:` URLs are read from the disk and never reach the transport; anything else does.
@Suite struct MediaLoaderTests {
    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("media-loader-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func aFileIsReadFromTheDiskWithoutTheTransport() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("index.m3u8")
        try Data("#EXTM3U\n".utf8).write(to: file)
        let transport = ScriptedTransport()
        let loaded = await MediaLoader(network: transport).load(file)
        #expect(try loaded.get() == Data("#EXTM3U\n".utf8))
        #expect(transport.paths.isEmpty)
    }

    @Test func aMissingFileOrAFolderIsAFailureNamingThePath() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let transport = ScriptedTransport()
        let loader = MediaLoader(network: transport)
        let missing = folder.appendingPathComponent("7.ts")
        guard case .failure(let absent) = await loader.load(missing) else {
            Issue.record("a missing file loaded")
            return
        }
        #expect(absent.reason.contains(missing.path))
        guard case .failure(let directory) = await loader.load(folder) else {
            Issue.record("a folder loaded")
            return
        }
        #expect(directory.reason.contains("folder"))
        #expect(transport.paths.isEmpty)
    }

    @Test func anHTTPURLGoesThroughTheTransportAndANon2xxIsAFailure() async throws {
        let transport = ScriptedTransport()
        transport.answer("/ok.m3u8", body: Data("#EXTM3U\n".utf8))
        let loader = MediaLoader(network: transport)
        #expect(try await loader.load(URL(string: "http://127.0.0.1:9/ok.m3u8")!).get() == Data("#EXTM3U\n".utf8))
        guard case .failure(let failure) = await loader.load(URL(string: "http://127.0.0.1:9/gone.ts")!) else {
            Issue.record("a 404 loaded")
            return
        }
        #expect(failure.reason == "HTTP 404")
        #expect(transport.paths == ["/ok.m3u8", "/gone.ts"])
    }
}
