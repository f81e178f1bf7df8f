import Exposure
import ExposureDownload
import Foundation
import MockPlatformTesting
import TestSupport
import Testing

/// The official download task over the manager, against a real mock: its calls, its events in
/// their official closures, and a call in the wrong state refused through `onError`.
@Suite(.onItsOwnQueue, .timeLimit(.minutes(1))) struct ExposureDownloadTaskTests {
    /// Every closure of `task`, written down as one line per call, in order.
    static func record(_ task: ExposureDownloadTask) -> AsyncStream<String> {
        let (lines, sink) = AsyncStream.makeStream(of: String.self)
        task.onPrepared { _ in sink.yield("prepared") }
            .onEntitlementRequestStarted { _ in sink.yield("entitlement requested") }
            .onEntitlementResponse { _, entitlement in sink.yield("entitlement \(entitlement.entitlementType ?? "?")") }
            .onResumed { _ in sink.yield("resumed") }
            .onSuspended { _ in sink.yield("suspended") }
            .onProgress { _, progress in sink.yield("progress \(Int(progress.current * 100))") }
            .onCompleted { _, url in sink.yield("completed \(url.lastPathComponent)") }
            .onCanceled { _, _ in sink.yield("canceled") }
            .onLicenceRenewed { _, _ in sink.yield("renewed") }
            .onDownloadingMediaOption { _, option in sink.yield("downloading \(option.kind) \(option.hlsName)") }
            .onError { _, _, error in sink.yield("error \(error)") }
        return lines
    }

    /// Reads lines until one starts with `prefix`; returns them all, the match last.
    static func lines(_ iterator: inout AsyncStream<String>.Iterator, until prefix: String) async -> [String] {
        var seen: [String] = []
        while let line = await iterator.next() {
            seen.append(line)
            if line.hasPrefix(prefix) { break }
        }
        return seen
    }

    /// The manager's official calls on `harness`, and a task for arctic-journey from them.
    static func arcticJourney(_ harness: DownloadHarness) -> (EnigmaDownloads, ExposureDownloadTask) {
        let downloads = EnigmaDownloads(manager: harness.manager)
        return (
            downloads, downloads.download(assetId: "arctic-journey", sessionToken: harness.token, environment: harness.platform.environment)
        )
    }

    @Test func aTaskDownloadsWithTheOfficialEventsAndAFinishedOneReportsItself() async throws {
        let harness = try await DownloadHarness.start()
        defer { harness.platform.stop() }
        let (downloads, task) = Self.arcticJourney(harness)
        var lines = Self.record(task).makeAsyncIterator()
        #expect(task.state == .notStarted && task.configuration.identifier == "arctic-journey")

        task.prepare()
        #expect(await Self.lines(&lines, until: "prepared") == ["prepared"])
        task.resume()
        let seen = await Self.lines(&lines, until: "completed")

        #expect(Array(seen.prefix(3)) == ["entitlement requested", "entitlement DOWNLOAD", "resumed"])
        #expect(seen.last == "completed master.m3u8")
        let progress = seen.filter { $0.hasPrefix("progress") }.compactMap { Int($0.split(separator: " ")[1]) }
        #expect(!progress.isEmpty && progress == progress.sorted() && progress.last == 100)
        #expect(task.state == .completed && task.entitlement?.entitlementType == "DOWNLOAD")

        // A new task for the finished asset reports the stored entitlement and where it is.
        let again = downloads.download(assetId: "arctic-journey", using: harness.token, in: harness.platform.environment)
        var againLines = Self.record(again).makeAsyncIterator()
        again.prepare(lazily: false)
        #expect(await Self.lines(&againLines, until: "completed") == ["entitlement DOWNLOAD", "completed master.m3u8"])
    }

    @Test func callsTheStateDoesNotAllowAreTypedErrorsThroughOnError() async throws {
        let harness = try await DownloadHarness.start()
        defer { harness.platform.stop() }
        let (_, task) = Self.arcticJourney(harness)
        var lines = Self.record(task).makeAsyncIterator()

        task.suspend()
        #expect(await lines.next() == "error \(OfflineManagerError.invalidTransition(from: .notDownloaded, call: .suspendDownload))")
        task.cancel()
        #expect(await lines.next() == "error \(OfflineManagerError.invalidTransition(from: .notDownloaded, call: .cancelDownload))")
        task.renewLicence()
        #expect(await lines.next() == "error \(OfflineManagerError.invalidTransition(from: .notDownloaded, call: .renewOfflineLicense))")

        task.resume()
        _ = await Self.lines(&lines, until: "completed")
        task.resume()
        #expect(await lines.next() == "error \(OfflineManagerError.invalidTransition(from: .downloaded, call: .resumeDownload))")
        task.use(bitrate: 300_000).addAudios(hlsNames: ["English"])
        let refused = "error \(OfflineManagerError.invalidTransition(from: .downloaded, call: .download))"
        #expect(await [lines.next(), lines.next()] == [refused, refused])
        #expect(task.configuration.requiredBitrate == nil && task.configuration.audios == nil)
    }

    @Test func aTaskSuspendsResumesAndCancels() async throws {
        let harness = try await DownloadHarness.start(pace: .manual)
        defer { harness.platform.stop() }
        let (_, task) = Self.arcticJourney(harness)
        var lines = Self.record(task).makeAsyncIterator()

        var starts = harness.downloader.starts.makeAsyncIterator()
        task.resume()
        #expect(await starts.next() == "arctic-journey")
        harness.downloader.completeFile(MediaDownloadID(rawValue: "arctic-journey"))
        #expect(await Self.lines(&lines, until: "progress") == ["entitlement requested", "entitlement DOWNLOAD", "resumed", "progress 25"])
        task.suspend()
        #expect(await lines.next() == "suspended")
        #expect(task.state == .suspended)
        task.resume()
        #expect(await lines.next() == "resumed")
        task.cancel()
        #expect(await lines.next() == "canceled")
        #expect(task.state == .notStarted && harness.downloader.download("arctic-journey") == nil)
    }

    @Test func tracksAreChosenByHLSNameAndTheAppIsAskedForMore() async throws {
        let harness = try await DownloadHarness.start()
        defer { harness.platform.stop() }
        let downloads = EnigmaDownloads(manager: harness.manager)
        let info = try await downloads.getDownloadableInfo(
            assetId: "arctic-journey", environment: harness.platform.environment, sessionToken: harness.token)
        let audios = info.audios.compactMap { $0.hlsName ?? $0.name }
        let subtitles = info.subtitles.compactMap { $0.hlsName ?? $0.name }
        try #require(audios.count >= 2 && !subtitles.isEmpty)

        let unknown = downloads.download(assetId: "arctic-journey", sessionToken: harness.token, environment: harness.platform.environment)
        var unknownLines = Self.record(unknown).makeAsyncIterator()
        unknown.addAudios(hlsNames: ["Klingon"]).resume()
        #expect(
            await Self.lines(&unknownLines, until: "error") == [
                "entitlement requested", "error \(OfflineManagerError.invalidSource("the asset has no audio track named Klingon"))"
            ])
        #expect(unknown.state == .notStarted)

        let task = downloads.download(assetId: "arctic-journey", sessionToken: harness.token, environment: harness.platform.environment)
        var lines = Self.record(task).makeAsyncIterator()
        task.addAudios(hlsNames: [audios[0]]).addSubtitles(hlsNames: []).onShouldDownloadMediaOption { _, media in
            media.subtitles.first
        }
        task.resume()
        let seen = await Self.lines(&lines, until: "completed")

        #expect(seen.contains("downloading subtitle \(subtitles[0])"))
        let selection = try #require(harness.downloader.download("arctic-journey")?.selection)
        #expect(selection.audioLanguages?.count == 1 && selection.subtitleLanguages?.count == subtitles.count)
    }

    @Test func availabilityExpiryRenewalAndRemovalWithTheOfficialCalls() async throws {
        let harness = try await DownloadHarness.start()
        defer { harness.platform.stop() }
        let downloads = EnigmaDownloads(manager: harness.manager)
        let environment = harness.platform.environment
        let token = harness.token
        #expect(await downloads.isAvailableToDownload(assetId: "arctic-journey", environment: environment, sessionToken: token))
        #expect(await !downloads.isAvailableToDownload(assetId: "no-such-asset", environment: environment, sessionToken: token))
        let available = await withCheckedContinuation { done in
            downloads.isAvailableToDownload(assetId: "arctic-journey", environment: environment, sessionToken: token) {
                done.resume(returning: $0)
            }
        }
        #expect(available)
        await #expect(throws: OfflineManagerError.notDownloaded("arctic-journey")) {
            try await downloads.isExpired(assetId: "arctic-journey", environment: environment, sessionToken: token)
        }

        let task = downloads.download(assetId: "arctic-journey", sessionToken: token, environment: environment)
        var lines = Self.record(task).makeAsyncIterator()
        task.resume()
        _ = await Self.lines(&lines, until: "completed")
        // downloadverified knows the download once downloadcompleted reached the backend.
        await harness.manager.deliverPendingReports()

        // Online: downloadverified's publication end and the play token give the expiry, on the manager's clock.
        let expiryMs = try #require(await downloads.getExpiryTime(assetId: "arctic-journey", environment: environment, sessionToken: token))
        #expect(expiryMs == downloads.getExpiryTime(assetId: "arctic-journey"))
        #expect(try await !downloads.isExpired(assetId: "arctic-journey", environment: environment, sessionToken: token))
        harness.clock.advance(to: WallTime(millisecondsSince1970: expiryMs))
        let (expired, error) = await withCheckedContinuation { done in
            downloads.isExpired(assetId: "arctic-journey", environment: environment, sessionToken: token) {
                done.resume(returning: ($0, $1))
            }
        }
        #expect(expired == true && error == nil)

        // Offline: the stored expiry, with the error that says so.
        harness.network.set(.offline)
        let (offlineExpiry, offlineError) = await withCheckedContinuation { done in
            downloads.getExpiryTime(assetId: "arctic-journey", environment: environment, sessionToken: token) {
                done.resume(returning: ($0, $1))
            }
        }
        #expect(offlineExpiry == expiryMs && offlineError == .network("no network: the stored license expiry is used"))
        harness.network.set(.wifi)

        let renewed = try await downloads.renewLicense(assetId: "arctic-journey", sessionToken: token, environment: environment)
        #expect(renewed.assetId == "arctic-journey" && renewed.downloadState == .downloaded)
        #expect(await Self.lines(&lines, until: "renewed").last == "renewed")

        var events = harness.manager.events.makeAsyncIterator()
        downloads.delete(media: renewed)
        #expect(downloads.getDownloadedAssets().isEmpty)
        // The README's synchronous call, as an app's button handler makes it.
        let removeTapped = { downloads.removeDownloadedAsset(assetId: "arctic-journey") }
        removeTapped()
        let missing = OfflineManagerEvent.failed(assetId: "arctic-journey", .notDownloaded("arctic-journey"))
        #expect(await ExposureDownloadTests.events(&events) { $0 == missing }.last == missing)
    }
}
