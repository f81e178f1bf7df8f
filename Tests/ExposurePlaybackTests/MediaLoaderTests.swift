import Exposure
import ExposurePlayback
import Foundation
import Testing

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
        #expect(try loaded.get() == MediaLoader.Loaded(body: Data("#EXTM3U\n".utf8)))
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
        #expect(try await loader.load(URL(string: "http://127.0.0.1:9/ok.m3u8")!).get().body == Data("#EXTM3U\n".utf8))
        guard case .failure(let failure) = await loader.load(URL(string: "http://127.0.0.1:9/gone.ts")!) else {
            Issue.record("a 404 loaded")
            return
        }
        #expect(failure.reason == "HTTP 404")
        #expect(transport.paths == ["/ok.m3u8", "/gone.ts"])
    }

    /// A key source holding key 0 of `download`, refusing everything else as `refusal`.
    final class StoredKeys: OfflineKeySource {
        let refusal: ExposureErrorMessage
        init(refusal: ExposureErrorMessage) { self.refusal = refusal }
        func offlineKey(_ uri: URL, assetId: String) async -> Result<[UInt8], ExposureErrorMessage> {
            OfflineKeyURI.number(of: uri) == 0 && assetId == "download" ? .success(Array(0..<16)) : .failure(refusal)
        }
    }

    /// A key source that knows its license: key 0 held for another five minutes.
    final class LeasedKeys: OfflineKeySource {
        func offlineKey(_ uri: URL, assetId: String) async -> Result<[UInt8], ExposureErrorMessage> {
            await offlineKeyLease(uri, assetId: assetId).map(\.key)
        }
        func offlineKeyLease(_ uri: URL, assetId: String) async -> Result<OfflineKeyLease, ExposureErrorMessage> {
            .success(OfflineKeyLease(key: Array(0..<16), timeLeft: .seconds(300)))
        }
    }

    @Test func anOfflineKeyComesWithTheTimeItsLicenseHasLeft() async throws {
        let loader = MediaLoader(network: ScriptedTransport(), offlineKeys: (LeasedKeys(), "download"))
        #expect(
            try await loader.load(OfflineKeyURI.make(0)).get()
                == MediaLoader.Loaded(body: Data(Array(0..<16)), licenseTimeLeft: .seconds(300)))
    }

    @Test func anOfflineKeyURIIsAskedOfTheKeySourceNeverOfTheTransport() async throws {
        let transport = ScriptedTransport()
        let refusal = ExposureErrorMessage(httpCode: 403, message: "LICENSE_EXPIRED")
        let loader = MediaLoader(network: transport, offlineKeys: (StoredKeys(refusal: refusal), "download"))
        #expect(try await loader.load(OfflineKeyURI.make(0)).get() == MediaLoader.Loaded(body: Data(Array(0..<16))), "no end known")
        guard case .failure(let refused) = await loader.load(OfflineKeyURI.make(1)) else {
            Issue.record("a key the source refuses loaded")
            return
        }
        #expect(refused.refusal?.status == 403)
        #expect(try JSONDecoder().decode(ExposureErrorMessage.self, from: refused.refusal?.body ?? Data()) == refusal)
        guard case .failure(let unanswered) = await MediaLoader(network: transport).load(OfflineKeyURI.make(0)) else {
            Issue.record("an offline key loaded with no key source")
            return
        }
        #expect(unanswered.refusal == nil && unanswered.reason.contains("no offline key source"))
        #expect(transport.paths.isEmpty)
        #expect(OfflineKeyURI.number(of: URL(string: "exposure-offline-key:12")!) == 12)
        #expect(OfflineKeyURI.number(of: URL(string: "exposure-offline-key:x")!) == nil)
        #expect(OfflineKeyURI.number(of: URL(string: "http://h/exposure-offline-key:1")!) == nil)
    }
}
