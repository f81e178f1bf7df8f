import Exposure
import ExposureAnalytics
import ExposureModels
import ExposurePlayback
import Foundation
import MockPlatformTesting
import TestSupport
import Testing

/// A download plays from its package on disk with the network refused, its analytics wait in
/// the outbox, and they reach the EventSink once, when flushed.
@Suite(.onItsOwnQueue) struct OfflinePlaybackTests {
    static let assetId = "behind-the-scenes"

    /// A 90-s clip (its lowest video, English and Swedish audio and subtitles) downloaded by the
    /// SDK's media downloader into the harness's folder, and the entitlement it was downloaded with.
    static func downloaded(_ harness: PlayerHarness) async throws -> (package: DownloadedPackage, entitlement: PlaybackEntitlement) {
        let environment = harness.platform.environment
        let token = try await Authenticate(environment: environment).login(username: "premium", password: "sandbox").request().sessionToken
        let entitlement = try await Entitlement(environment: environment, sessionToken: token).play(assetId: assetId).request()
        let master = try #require(entitlement.playableFormat.flatMap { URL(string: $0.mediaLocator) })
        let package = try await DownloadedPackage.download(
            master, languages: ["en", "sv"], into: harness.folder.appendingPathComponent("download"))
        return (package, entitlement)
    }

    /// A player whose every request fails: nothing it does may need the network.
    static func offlinePlayer(_ harness: PlayerHarness, network: RefusingTransport) async throws -> Player {
        try await harness.player(apiTransport: network, streamTransport: network)
    }

    @Test func aDownloadPlaysToCompletedFromDiskWithTheNetworkRefused() async throws {
        let harness = try PlayerHarness()
        let (package, entitlement) = try await Self.downloaded(harness)
        let network = RefusingTransport()
        let player = try await Self.offlinePlayer(harness, network: network)
        let log = EventLog(player, clock: harness.clock)
        let playable = OfflineMediaPlayable(assetId: Self.assetId, entitlement: entitlement, url: package.masterURL)
        #expect(playable.format == "HLS")
        await player.startPlayback(offlineMediaPlayable: playable).value
        #expect(log.errors.isEmpty, "\(log.errors)")
        #expect(log.names.last == "playbackCompleted")
        #expect(!log.names.contains("entitlementResponse"), "no entitlement was asked for")
        #expect(network.attempts == 0, "the network was never tried")
        #expect(player.playheadPosition >= 88_000, "played to the end: \(player.playheadPosition)")
        #expect(
            Set(player.availableAudioLanguages) == ["en", "sv"] && Set(player.availableTextLanguages) == ["en", "sv"],
            "the package's renditions were read from disk")
    }

    /// However the app reached it, a download whose license ran out on the player's clock does not
    /// play: the entitlement it was made with says until when it may.
    @Test func anExpiredDownloadIsRefusedWithLicenseExpired() async throws {
        let harness = try PlayerHarness()
        var (package, entitlement) = try await Self.downloaded(harness)
        entitlement.publicationEnd = nil
        entitlement.playTokenExpiration = harness.clock.nowMs / 1000 - 1
        let network = RefusingTransport()
        let player = try await Self.offlinePlayer(harness, network: network)
        let log = EventLog(player, clock: harness.clock)
        await player.startPlayback(
            offlineMediaPlayable: OfflineMediaPlayable(assetId: Self.assetId, entitlement: entitlement, url: package.masterURL)
        ).value
        guard case .licenseExpired(let expiredAtMs)? = log.errors.first else {
            Issue.record("expected licenseExpired, got \(log.errors)")
            return
        }
        #expect(expiredAtMs == entitlement.playTokenExpiration * 1000 && log.errors.first?.message == "LICENSE_EXPIRED")
        #expect(!log.names.contains("playbackStarted") && network.attempts == 0)
    }

    /// What can be wrong with a package on disk.
    enum Damage: String, CaseIterable, Sendable {
        case missingSegment, brokenMediaPlaylist, brokenMaster, missingAudioPlaylist
    }

    @Test(arguments: Damage.allCases)
    func aDamagedPackageEndsWithATypedErrorEvent(_ damage: Damage) async throws {
        let harness = try PlayerHarness()
        let (package, entitlement) = try await Self.downloaded(harness)
        switch damage {
        case .missingSegment: try FileManager.default.removeItem(at: try package.middleVideoSegmentURL())
        case .brokenMediaPlaylist: try Data("#EXTM3U\n#EXTINF:oops\n".utf8).write(to: try package.videoPlaylistURL())
        case .brokenMaster: try Data("not a playlist".utf8).write(to: package.masterURL)
        case .missingAudioPlaylist: try FileManager.default.removeItem(at: try package.audioPlaylistURL())
        }
        let network = RefusingTransport()
        let player = try await Self.offlinePlayer(harness, network: network)
        let log = EventLog(player, clock: harness.clock)
        await player.startPlayback(
            offlineMediaPlayable: OfflineMediaPlayable(assetId: Self.assetId, entitlement: entitlement, url: package.masterURL)
        ).value
        #expect(log.names.last == "error", "\(log.names)")
        let error = try #require(log.errors.first)
        guard case .offlineMedia(let reason) = error else {
            Issue.record("expected offlineMedia, got \(error)")
            return
        }
        #expect(error.message == "OFFLINE_MEDIA_UNPLAYABLE" && !reason.isEmpty)
        #expect(network.attempts == 0)
    }
}

/// Offline playback's analytics (issue 13): recorded under `{playSessionId}_{n}` with no network,
/// sent on demand or by the next playback that finds the backend.
extension OfflinePlaybackTests {
    /// Downloads the clip and plays it `times` times with the network refused; the analytics
    /// outbox the player recorded into.
    static func playedOffline(
        _ harness: PlayerHarness, times: Int
    ) async throws -> (entitlement: PlaybackEntitlement, outbox: AnalyticsOutbox, network: RefusingTransport) {
        let (package, entitlement) = try await downloaded(harness)
        let network = RefusingTransport()
        let outbox = try AnalyticsOutbox.inMemory()
        let player = try await harness.player(apiTransport: network, streamTransport: network, outbox: outbox)
        let playable = OfflineMediaPlayable(assetId: assetId, entitlement: entitlement, url: package.masterURL)
        for _ in 0..<times { await player.startPlayback(offlineMediaPlayable: playable).value }
        return (entitlement, outbox, network)
    }

    @Test func anOfflinePlaybacksEventsWaitAndAreFlushedOnceOnDemand() async throws {
        let harness = try PlayerHarness()
        let (entitlement, outbox, network) = try await Self.playedOffline(harness, times: 1)
        let sessionId = entitlement.playSessionId + "_1"
        let stored = try outbox.pendingEventCount()
        #expect(stored >= 6, "Created, Device.Info, PlayerReady, Started, a heartbeat, Completed …: \(stored)")
        #expect(network.attempts == 0 && harness.platform.analyticsSession(sessionId) == nil, "nothing was sent")

        let flushed = await BackgroundAnalyticsManager(outbox: outbox).flushOfflineAnalytics()
        #expect(flushed == .init(sent: stored, waiting: 0))
        #expect(try outbox.pendingEventCount() == 0)
        // As an app team's test would see it: `GET /_mock/analytics/sessions[/{id}]`.
        let admin = MockPlatformAdminClient(baseURL: harness.platform.baseURL)
        #expect(try await admin.analyticsSessions().contains { $0.sessionId == sessionId })
        let report = try await admin.analyticsSession(id: sessionId)
        #expect(report.problems == [], "\(report.problems.map(\.message))")
        #expect(report.eventCount == stored && report.duplicatesDropped == 0 && report.ended == .completed)
        let events = (report.events ?? []).map(\.event)
        #expect(events.map(\.sequenceNumber) == (1...Int64(stored)).map { $0 }, "every event once, in order")
        #expect(events.first?["PlayMode"] == .string("offline") && events.first?["AssetId"] == .string(Self.assetId))
        #expect(!events.map(\.eventType).contains(AnalyticsEventType.handshakeStarted), "offline has no handshake")
        #expect(report.events?.allSatisfy { $0.clockOffset == 0 } == true)
        #expect(await BackgroundAnalyticsManager(outbox: outbox).flushOfflineAnalytics() == .init(sent: 0, waiting: 0), "nothing twice")
    }

    @Test func theNextOnlinePlaybackSendsWhatOfflinePlaybacksRecordedEachUnderItsOwnNumber() async throws {
        let harness = try PlayerHarness()
        let (entitlement, outbox, _) = try await Self.playedOffline(harness, times: 2)
        let pending = try outbox.pendingEventCount()

        let online = try await harness.player(outbox: outbox)
        online.onPlaybackStarted { player, _ in player.stop() }
        await online.startPlayback(playable: AssetPlayable(assetId: "arctic-journey"), materialProfile: "TRAILER").value
        for number in 1...2 {
            let report = try #require(harness.platform.analyticsSession("\(entitlement.playSessionId)_\(number)"))
            #expect(report.problems == [] && report.ended == .completed && report.duplicatesDropped == 0)
        }
        let sent = (1...2).compactMap { harness.platform.analyticsSession("\(entitlement.playSessionId)_\($0)")?.eventCount }.reduce(0, +)
        #expect(sent == pending)
        #expect(try outbox.pendingEventCount() == 0)
    }
}
