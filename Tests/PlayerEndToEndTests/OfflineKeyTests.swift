import Exposure
import ExposureAnalytics
import ExposureDownload
import ExposurePlayback
import Foundation
import Glibc
import HLS
import MockPlatform
import MockPlatformTesting
import SQLiteStore
import Synchronization
import TestSupport
import Testing

/// Downloads of an encrypted VOD (docs/downloads.md, "Encrypted downloads"): the OfflineManager
/// with the SDK's media downloader against the mock fetches the key with the play token and
/// keeps it in `offline.sqlite`; the player takes it from there with no network while the
/// license lasts, is refused after it, and plays again after a renewal.
@Suite(.onItsOwnQueue) struct OfflineKeyTests {
    /// The downloadable encrypted VOD of the bundled catalog (22 minutes, a 48-hour license).
    static let assetId = "harbour-tales-s1e3"

    /// A mock on the player's virtual clock, and an OfflineManager with the real downloader whose
    /// clock moves only when the test moves it.
    struct Setup {
        let harness: PlayerHarness
        let clock: ManualClock
        let manager: OfflineManager
        let item: SourceItem
        var dataFolder: URL { harness.folder.appendingPathComponent("offline") }

        /// `transport` is the manager's and its downloader's network.
        init(transport: (any HTTPTransport)? = nil) async throws {
            harness = try PlayerHarness()
            let token = try await Authenticate(environment: harness.platform.environment)
                .login(username: "premium", password: "sandbox").request().sessionToken
            let clock = ManualClock(at: WallTime(millisecondsSince1970: harness.clock.nowMs))
            self.clock = clock
            let folder = harness.folder.appendingPathComponent("offline")
            manager = OfflineManager(
                dependencies: OfflineManagerDependencies(
                    dataFolder: folder, transport: transport ?? AutomaticTransport.shared, clock: clock, network: UnmeteredNetworkMonitor(),
                    storage: AmpleStorage(),
                    makeDownloader: OfflineManagerDependencies.standardDownloader))
            item = SourceItem(assetId: OfflineKeyTests.assetId, environment: harness.platform.environment, sessionToken: token)
            await manager.waitForRestoredDownloads()
        }

        /// Downloads the lowest video with English audio; returns once it is Downloaded.
        func download(_ configuration: DownloadConfiguration = DownloadConfiguration(minimumBitrate: 1)) async throws {
            var events = manager.events.makeAsyncIterator()
            let tracks = OfflineTrackSelection(
                available: MediaTracks(videos: [], audios: [], subtitles: []), audioLanguages: ["en"], subtitleLanguages: [])
            try await manager.startDownload(item, tracks: tracks, configuration: configuration)
            while let event = await events.next() {
                if event == .finished(assetId: item.assetId) { return }
                if case .failed(_, let error) = event { throw error }
            }
        }

        /// Plays the download with `network` as the player's only network, its analytics recorded
        /// into `outbox` (a new one in memory when nil); the player's events.
        /// `playable` is the download's, with the manager as its key source, when nil.
        func playOffline(
            network: any HTTPTransport, untilStarted: Bool = false, outbox: AnalyticsOutbox? = nil, playable: OfflineMediaPlayable? = nil
        ) async throws -> EventLog {
            let player = try await harness.player(apiTransport: network, streamTransport: network, outbox: outbox)
            let log = EventLog(player, clock: harness.clock)
            if untilStarted { player.onPlaybackStarted { player, _ in player.stop() } }
            let offline = try #require(manager.createOfflineSourceItem(for: item, restrictedToAssetCache: true))
            await player.startPlayback(
                offlineMediaPlayable: playable
                    ?? OfflineMediaPlayable(assetId: item.assetId, entitlement: offline.entitlement, url: offline.url, keys: manager)
            ).value
            return log
        }

        /// The key requests the mock answered: path and status.
        var keyRequests: [(path: String, status: Int?)] { harness.platform.requests(pathPrefix: "/keys/").map { ($0.path, $0.status) } }

        /// The rows of the manager's `keys` table: url and key.
        func storedKeys() throws -> [(url: String, key: [UInt8])] {
            let database = try SQLiteDatabase(path: dataFolder.appendingPathComponent("offline.sqlite").path)
            return try database.access { (db) throws(SQLiteError) in
                try db.query("SELECT url, key_base64 FROM keys ORDER BY asset_id, number").map { row in
                    (row.text(0) ?? "", [UInt8](Data(base64Encoded: row.text(1) ?? "") ?? Data()))
                }
            }
        }

        /// Every file under the downloader's folder but its index.
        func packageFiles() throws -> [URL] {
            let media = dataFolder.appendingPathComponent("media")
            guard let walk = FileManager.default.enumerator(at: media, includingPropertiesForKeys: [.isRegularFileKey]) else { return [] }
            return walk.compactMap { $0 as? URL }.filter { url in
                (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true
                    && !url.lastPathComponent.hasPrefix("downloads.sqlite")
            }
        }

        /// The rows of the downloader's index.
        func indexedDownloads() throws -> Int64 {
            let database = try SQLiteDatabase(path: dataFolder.appendingPathComponent("media/downloads.sqlite").path)
            return try database.access { (db) throws(SQLiteError) in try db.query("SELECT COUNT(*) FROM downloads").first?.int(0) ?? -1 }
        }
    }

    /// Whether `needle` occurs in `haystack` (`memchr` to each candidate, then `memcmp`: a
    /// package is tens of megabytes).
    static func contains(_ haystack: Data, _ needle: [UInt8]) -> Bool {
        haystack.withUnsafeBytes { hay in
            guard let base = hay.baseAddress, let first = needle.first, needle.count <= hay.count else { return false }
            var start = 0
            while start + needle.count <= hay.count,
                let hit = memchr(base + start, Int32(first), hay.count - needle.count + 1 - start)
            {
                let offset = base.distance(to: UnsafeRawPointer(hit))
                if memcmp(base + offset, needle, needle.count) == 0 { return true }
                start = offset + 1
            }
            return false
        }
    }

    /// Free space that never runs short and is never measured again: a poller on the manual
    /// clock would wake every 10 s of the 48 hours the test moves it.
    struct AmpleStorage: StorageMonitoring {
        var availableBytes: Int64 { .max }
        var availableBytesUpdates: AsyncStream<Int64> { AsyncStream { _ in } }
    }

    @Test func anEncryptedDownloadKeepsItsKeyInTheIndexPlaysOfflineIsRefusedAfterExpiryAndPlaysAgainAfterARenewal() async throws {
        let setup = try await Setup()
        var reports = setup.manager.reportOutcomes.makeAsyncIterator()
        try await setup.download()
        // The platform knows of the download (and renews it) once `downloadcompleted` arrived.
        _ = await reports.next()

        // The key was fetched once, with the play token, and is a row of offline.sqlite, not a file.
        #expect(setup.keyRequests.map(\.path) == ["/keys/\(Self.assetId).0"] && setup.keyRequests.allSatisfy { $0.status == 200 })
        let stored = try setup.storedKeys()
        #expect(stored.count == 1 && stored.first?.key.count == 16, "\(stored.map(\.url))")
        #expect(stored.first?.url == "\(setup.harness.platform.environment.baseUrl)/keys/\(Self.assetId).0", "kept without the token")
        let key = try #require(stored.first?.key)
        let files = try setup.packageFiles()
        #expect(files.count > 100)
        let hex = key.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
        let forms = [key, Array(hex.utf8), Array(hex.uppercased().utf8), Array(Data(key).base64EncodedString().utf8)]
        for file in files {
            let bytes = try Data(contentsOf: file)
            #expect(forms.allSatisfy { !Self.contains(bytes, $0) }, "\(file.lastPathComponent) holds the key (raw, hex or base64)")
        }
        // Segments stay as served: encrypted, opened by the stored key with the sequence number's IV.
        let video = try #require(files.first { $0.path.contains("/video/") && $0.lastPathComponent == "index.m3u8" })
        let playlist = try HLSParser.parseMedia(Data(contentsOf: video))
        #expect(
            playlist.headerTags.contains { $0.contains("exposure-offline-key:0") }
                || playlist.segments[0].otherTags.contains {
                    $0.contains("exposure-offline-key:0")
                })
        let first = try Data(contentsOf: video.deletingLastPathComponent().appendingPathComponent(playlist.segments[0].uri))
        #expect(first.first != 0x47, "not a clear TS packet")
        let opened = try SegmentDecryption.decrypt(first, key: key, iv: SegmentKey.sequenceIV(playlist.mediaSequence ?? 0))
        #expect(opened.first == 0x47, "a TS packet once decrypted")

        // Offline: every request refused, the key from the index.
        let refusing = RefusingTransport()
        let offline = try await setup.playOffline(network: refusing)
        #expect(offline.errors.isEmpty, "\(offline.errors)")
        #expect(offline.names.last == "playbackCompleted")
        #expect(refusing.attempts == 0)

        // Expired on the manager's clock: the key is refused though the entitlement the player
        // holds is still valid on its clock and the network is there; the key server is not asked.
        let license = setup.manager.offlineDrmLicenseInformation(for: setup.item)
        let expiryMs = try #require(license.expiry?.millisecondsSince1970)
        #expect(license.licenseDuration == 48 * 3_600)
        setup.clock.advance(to: WallTime(millisecondsSince1970: expiryMs))
        let expired = try await setup.playOffline(network: AutomaticTransport.shared)
        guard case .licenseExpired? = expired.errors.first else {
            Issue.record("expected licenseExpired, got \(expired.errors)")
            return
        }
        #expect(expired.errors.count == 1 && !expired.names.contains("playbackStarted"))
        #expect(setup.keyRequests.count == 1, "no key request reached the key server")

        // Renewed an hour later on the platform: the key is fetched again through the master's
        // EXT-X-SESSION-KEY with the new play token, and the license moves past the manager's now.
        setup.harness.platform.advanceClock(by: .seconds(3_600))
        try await setup.manager.renewLicense(setup.item)
        let renewals = setup.keyRequests.dropFirst()
        #expect(renewals.map(\.path) == ["/keys/\(Self.assetId).0"] && renewals.allSatisfy { $0.status == 200 })
        let renewed = setup.manager.offlineDrmLicenseInformation(for: setup.item)
        let renewedExpiry = try #require(renewed.expiry?.millisecondsSince1970)
        #expect(renewedExpiry > expiryMs && renewed.licenseDuration > 0)
        #expect(
            renewedExpiry
                == setup.manager.createOfflineSourceItem(for: setup.item, restrictedToAssetCache: true)?.entitlement.offlineLicenseExpiry
                .millisecondsSince1970)
        let again = try await setup.playOffline(network: RefusingTransport(), untilStarted: true)
        #expect(again.errors.isEmpty, "\(again.errors)")
        #expect(again.names.contains("playbackStarted"))
    }

    /// docs/downloads.md, "Expiry during playback": the key comes with the license's time left on
    /// the manager's clock (five minutes here), counted down on the player's virtual clock.
    @Test func aLicenseThatRunsOutMidPlayEndsThePlaybackWithLicenseExpiredAndItsAnalytics() async throws {
        let setup = try await Setup()
        try await setup.download()
        let expiryMs = try #require(setup.manager.offlineDrmLicenseInformation(for: setup.item).expiry?.millisecondsSince1970)
        setup.clock.advance(to: WallTime(millisecondsSince1970: expiryMs - 300_000))
        let outbox = try AnalyticsOutbox.inMemory()
        let network = RefusingTransport()

        let log = try await setup.playOffline(network: network, outbox: outbox)

        guard case .licenseExpired(let expiredAtMs)? = log.errors.first else {
            Issue.record("expected licenseExpired, got \(log.errors)")
            return
        }
        #expect(log.errors.count == 1 && log.names.last == "error" && !log.names.contains("playbackCompleted"), "\(log.names)")
        let started = try #require(log.timeMs(of: "playbackStarted"))
        let ended = try #require(log.timeMs(of: "error"))
        #expect(ended > started && ended - started <= 300_000, "ended within the five minutes left, not at the 22-minute end")
        #expect(expiredAtMs == ended, "reported at the player's clock when the license ran out")
        #expect(network.attempts == 0)

        // The session ends as for any fatal error: its analytics close with Playback.Error.
        let flushed = await BackgroundAnalyticsManager(outbox: outbox).flushOfflineAnalytics()
        #expect(flushed.sent > 0 && flushed.waiting == 0)
        let sessionId = try #require(
            setup.manager.createOfflineSourceItem(for: setup.item, restrictedToAssetCache: true)?.entitlement.playSessionId)
        let report = try #require(setup.harness.platform.analyticsSession(sessionId + "_1"))
        #expect(report.problems == [], "\(report.problems.map(\.message))")
        #expect(report.ended == .error)
    }

    /// The manager's keys handed with no time left on their license, as a source whose clock is
    /// ahead of the player's would hand them.
    final class SpentLeases: OfflineKeySource {
        let manager: OfflineManager
        init(_ manager: OfflineManager) { self.manager = manager }

        func offlineKey(_ uri: URL, assetId: String) async -> Result<[UInt8], ExposureErrorMessage> {
            await manager.offlineKey(uri, assetId: assetId)
        }

        func offlineKeyLease(_ uri: URL, assetId: String) async -> Result<OfflineKeyLease, ExposureErrorMessage> {
            await manager.offlineKeyLease(uri, assetId: assetId).map { OfflineKeyLease(key: $0.key, timeLeft: .zero) }
        }
    }

    /// docs/downloads.md, "Expiry during playback": a key whose license is already over when it
    /// arrives ends the playback there, on the player's virtual clock, with `licenseExpired`;
    /// nothing plays.
    @Test func aKeyWhoseLicenseIsAlreadyOverEndsThePlaybackAtOnceWithLicenseExpired() async throws {
        let setup = try await Setup()
        try await setup.download()
        let offline = try #require(setup.manager.createOfflineSourceItem(for: setup.item, restrictedToAssetCache: true))
        let playable = OfflineMediaPlayable(
            assetId: setup.item.assetId, entitlement: offline.entitlement, url: offline.url, keys: SpentLeases(setup.manager))
        let startMs = setup.harness.clock.nowMs

        let log = try await setup.playOffline(network: RefusingTransport(), playable: playable)

        guard case .licenseExpired(let expiredAtMs)? = log.errors.first else {
            Issue.record("expected licenseExpired, got \(log.errors)")
            return
        }
        #expect(log.errors.count == 1 && !log.names.contains("playbackStarted"), "\(log.names)")
        #expect(expiredAtMs == startMs, "at the virtual instant the key arrived")
    }

    /// docs/downloads.md, "Playables made the official SDK's way": no key source given, the
    /// player finds the manager holding the package in the process's registry; a copy of the
    /// package that no manager holds gets the error a playable without keys got before.
    @Test func aPlayableMadeWithoutKeysPlaysThroughTheManagerHoldingItsPackageAndACopyDoesNot() async throws {
        let setup = try await Setup()
        try await setup.download()
        let offline = try #require(setup.manager.createOfflineSourceItem(for: setup.item, restrictedToAssetCache: true))

        // The official SDK's initialiser: no `keys`.
        let official = OfflineMediaPlayable(assetId: setup.item.assetId, entitlement: offline.entitlement, url: offline.url)
        let played = try await setup.playOffline(network: RefusingTransport(), untilStarted: true, playable: official)
        #expect(played.errors.isEmpty, "\(played.errors)")
        #expect(played.names.contains("playbackStarted"))

        // The package folder copied elsewhere: no manager holds it, so its key has no source.
        let package = offline.url.deletingLastPathComponent()
        let copy = setup.harness.folder.appendingPathComponent("copied-package")
        try FileManager.default.copyItem(at: package, to: copy)
        let copied = OfflineMediaPlayable(
            assetId: setup.item.assetId, entitlement: offline.entitlement, url: copy.appendingPathComponent(offline.url.lastPathComponent))
        let refused = try await setup.playOffline(network: RefusingTransport(), playable: copied)
        guard case .offlineMedia(let reason)? = refused.errors.first else {
            Issue.record("expected offlineMedia, got \(refused.errors)")
            return
        }
        #expect(reason.contains("no offline key source"), "\(reason)")
        #expect(refused.errors.count == 1 && !refused.names.contains("playbackStarted"))
    }

    /// The network of a download whose package cannot be written: as the key server's answer
    /// comes back (the prepare's last request), it counts the key rows stored so far and turns
    /// the downloader's folder into a plain file, so the prepare fails after the key fetch, when
    /// it writes the package.
    final class PackageBlockingTransport: HTTPTransport {
        private let state = Mutex((dataFolder: URL?.none, blocked: false, keyRowsSeen: -1))

        /// The manager's data folder (known once the manager is made).
        var dataFolder: URL? {
            get { state.withLock { $0.dataFolder } }
            set { state.withLock { $0.dataFolder = newValue } }
        }

        /// The key rows `offline.sqlite` held when the package was about to be written; -1 before then.
        var keyRowsBeforeThePackage: Int { state.withLock { $0.keyRowsSeen } }

        func send(_ request: TransportRequest) async throws -> TransportResponse {
            let response = try await AutomaticTransport.shared.send(request)
            let block = state.withLock { state -> URL? in
                guard request.url.path.hasPrefix("/keys/"), !state.blocked, let folder = state.dataFolder else { return nil }
                state.blocked = true
                return folder
            }
            if let dataFolder = block {
                let database = try SQLiteDatabase(path: dataFolder.appendingPathComponent("offline.sqlite").path)
                let rows = try database.access { (db) throws(SQLiteError) in try db.query("SELECT COUNT(*) FROM keys").first?.int(0) ?? -1 }
                state.withLock { $0.keyRowsSeen = Int(rows) }
                let media = dataFolder.appendingPathComponent("media")
                try FileManager.default.moveItem(at: media, to: dataFolder.appendingPathComponent("media-moved"))
                try Data("not a folder".utf8).write(to: media)
            }
            return response
        }
    }

    /// docs/downloads.md, "What is stored": the keys are kept only once the package's folder is
    /// written, right before its index row; a prepare that fails after the key fetch keeps none.
    @Test func aPrepareThatFailsAfterTheKeyFetchLeavesNoKeyRow() async throws {
        let blocking = PackageBlockingTransport()
        let setup = try await Setup(transport: blocking)
        blocking.dataFolder = setup.dataFolder

        await #expect(throws: OfflineManagerError.self) { try await setup.download() }

        #expect(setup.keyRequests.map(\.status) == [200], "the key was fetched before the failure")
        #expect(blocking.keyRowsBeforeThePackage == 0, "no key was kept before the package was written")
        #expect(try setup.storedKeys().isEmpty, "nor after the failure")
    }

    /// docs/downloads.md, "What is stored": the keys are kept right before the downloader's index
    /// row and discarded should that row fail (`MediaKeyCustody.discard`). The real SQLite files
    /// do both: a trigger in `offline.sqlite` logs every key row written, and one in the
    /// downloader's `downloads.sqlite` refuses the package's row, so the key is kept, then the
    /// row fails, then the key goes.
    @Test func aPackageIndexRowThatCannotBeWrittenDiscardsTheKeptKey() async throws {
        let setup = try await Setup()
        let offline = try SQLiteDatabase(path: setup.dataFolder.appendingPathComponent("offline.sqlite").path)
        try offline.access { (db) throws(SQLiteError) in
            try db.execute("CREATE TABLE kept_keys_log (asset_id TEXT NOT NULL)")
            try db.execute("CREATE TRIGGER log_kept_keys AFTER INSERT ON keys BEGIN INSERT INTO kept_keys_log VALUES (NEW.asset_id); END")
        }
        let index = try SQLiteDatabase(path: setup.dataFolder.appendingPathComponent("media/downloads.sqlite").path)
        try index.access { (db) throws(SQLiteError) in
            try db.execute("CREATE TRIGGER refuse_downloads BEFORE INSERT ON downloads BEGIN SELECT RAISE(ABORT, 'disk refused'); END")
        }

        await #expect(throws: OfflineManagerError.self) { try await setup.download() }

        let kept = try offline.access { (db) throws(SQLiteError) in
            try db.query("SELECT asset_id FROM kept_keys_log").compactMap { $0.text(0) }
        }
        #expect(kept == [Self.assetId], "the key was kept before the index row was tried")
        #expect(setup.keyRequests.map(\.status) == [200])
        #expect(try setup.storedKeys().isEmpty, "and discarded when the row failed")
        #expect(try setup.packageFiles().isEmpty, "no package folder")
        #expect(try setup.indexedDownloads() == 0)
        #expect(setup.manager.offlineState(for: setup.item) == .notDownloaded)
    }

    @Test(arguments: [
        ("NOT_ENTITLED", OfflineManagerError.notEntitled("NOT_ENTITLED")), ("INVALID_TOKEN", .notEntitled("INVALID_TOKEN")),
        ("LICENSE_EXPIRED", .licenseExpired)
    ])
    func aRefusedKeyFailsTypedAndKeepsNothing(refusal: String, expected: OfflineManagerError) async throws {
        let setup = try await Setup()
        try setup.harness.platform.inject(FaultRule(status: 403, message: refusal, stream: StreamTarget(assetId: Self.assetId, part: .key)))

        await #expect(throws: expected) { try await setup.download() }

        #expect(setup.manager.offlineState(for: setup.item) == .notDownloaded)
        #expect(setup.keyRequests.map(\.status) == [403])
        #expect(try setup.storedKeys().isEmpty)
        #expect(try setup.packageFiles().isEmpty, "no package folder")
        #expect(try setup.indexedDownloads() == 0)
        #expect(setup.manager.offlineDrmLicenseInformation(for: setup.item).expiry?.millisecondsSince1970 == nil)
    }

    @Test func aRenewalWhoseKeyIsRefusedFailsTypedAndKeepsTheLicenseAsItWas() async throws {
        let setup = try await Setup()
        var reports = setup.manager.reportOutcomes.makeAsyncIterator()
        try await setup.download()
        _ = await reports.next()
        let before = setup.manager.offlineDrmLicenseInformation(for: setup.item)
        setup.harness.platform.advanceClock(by: .seconds(3_600))
        try setup.harness.platform.inject(
            FaultRule(status: 403, message: "NOT_ENTITLED", stream: StreamTarget(assetId: Self.assetId, part: .key)))

        await #expect(throws: OfflineManagerError.notEntitled("NOT_ENTITLED")) { try await setup.manager.renewLicense(setup.item) }

        #expect(setup.keyRequests.map(\.status) == [200, 403], "the renewal asked the key server")
        #expect(setup.manager.offlineDrmLicenseInformation(for: setup.item) == before)
        #expect(setup.manager.offlineState(for: setup.item) == .downloaded)
        #expect(try setup.storedKeys().count == 1, "the downloaded key stays")
    }

    @Test func withoutClearKeySupportAnEncryptedAssetIsRefusedBeforeAnyKeyIsFetched() async throws {
        let setup = try await Setup()

        await #expect(throws: OfflineManagerError.clearKeyContentNotSupported) {
            try await setup.download(DownloadConfiguration(minimumBitrate: 1, supportClearKeyContent: false))
        }

        #expect(setup.manager.offlineState(for: setup.item) == .notDownloaded)
        #expect(setup.keyRequests.isEmpty)
        #expect(try setup.storedKeys().isEmpty && setup.packageFiles().isEmpty)
    }
}
