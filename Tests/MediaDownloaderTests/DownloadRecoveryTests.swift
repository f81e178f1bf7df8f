import Exposure
import ExposureDownload
import Foundation
import MockPlatformTesting
import Testing

/// Suspending, abandoning, restoring, verifying and repairing against the real mock.
@Suite(.timeLimit(.minutes(2))) struct DownloadRecoveryTests {
    /// The first downloader is dropped mid-download with requests in flight (as a killed process
    /// would be); the second one on the folder finds it suspended and fetches only what is missing.
    @Test func anAbandonedDownloadComesBackSuspendedAndResumesWithoutRefetching() async throws {
        let harness = try await MediaDownloadHarness()
        let id = MediaDownloadID(rawValue: "abandoned")
        let passing = 40
        var lastAnnounced: MediaDownloadProgress?
        var totalFiles = 0
        do {
            let stalling = GatedTransport(passing: passing)
            let first = try harness.downloader(stalling)
            totalFiles = try await first.prepare(id, source: harness.source(), selection: MediaTrackSelection()).progress.totalFiles
            try await first.start(id)
            let seen = await events(of: first) { $0.progress?.completedFiles == passing }
            lastAnnounced = seen.last?.progress
        }
        let transport = GatedTransport()
        let second = try harness.downloader(transport)
        let restored = try await second.restore()
        #expect(restored.map(\.id) == [id])
        #expect(restored.first?.phase == .suspended)
        #expect(restored.first?.progress.completedFiles == passing)
        #expect(restored.first.map(\.progress.completedBytes) == lastAnnounced?.completedBytes)
        #expect(try harness.indexed(id)?.phase == .suspended)

        try await second.start(id)
        let seen = await events(of: second) { $0.isEnd }
        #expect(seen.last == .finished(id))
        #expect(transport.mediaGets.count == totalFiles - passing, "no complete file fetched again")
        let progress = seen.compactMap(\.progress)
        #expect(
            progress.first.map { $0.completedBytes >= lastAnnounced?.completedBytes ?? 0 } == true, "bytes never go back across the restart"
        )
        try harness.expectPackageEqualsSource(id)
    }

    @Test func suspendStopsWithCompleteFilesKeptAndStartResumes() async throws {
        let harness = try await MediaDownloadHarness()
        let transport = GatedTransport(passing: 25)
        let downloader = try harness.downloader(transport)
        let id = MediaDownloadID(rawValue: "paused")
        let total = try await downloader.prepare(id, source: harness.source(), selection: MediaTrackSelection()).progress.totalFiles
        try await downloader.start(id)
        _ = await events(of: downloader) { $0.progress?.completedFiles == 25 }
        #expect(await downloader.snapshot(id)?.phase == .fetching)
        try await downloader.suspend(id)
        let suspended = await events(of: downloader) { $0.isSuspended }
        #expect(suspended.last == .suspended(id, try #require(await downloader.snapshot(id)?.progress)))
        #expect(await downloader.snapshot(id)?.phase == .suspended)
        #expect(await downloader.snapshot(id)?.progress.completedFiles == 25)
        #expect(try harness.indexed(id)?.phase == .suspended)

        transport.open()
        try await downloader.start(id)
        #expect(await events(of: downloader) { $0.isEnd }.last == .finished(id))
        #expect(transport.mediaGets.count == total + 4, "only the four held requests were asked again")
        try harness.expectPackageEqualsSource(id)
    }

    @Test func verifyFindsCorruptFilesAndRepairFetchesOnlyThose() async throws {
        let harness = try await MediaDownloadHarness()
        let transport = GatedTransport()
        let downloader = try harness.downloader(transport)
        let id = MediaDownloadID(rawValue: "repaired")
        let prepared = try await downloader.prepare(id, source: harness.source(), selection: MediaTrackSelection())
        try await downloader.start(id)
        _ = await events(of: downloader) { $0.isEnd }
        let fetched = transport.mediaGets.count

        let package = prepared.masterPlaylist.deletingLastPathComponent()
        let flipped = package.appendingPathComponent("video/00003.ts")
        var bytes = try Data(contentsOf: flipped)
        bytes[100] ^= 0xff
        try bytes.write(to: flipped)
        let shortened = package.appendingPathComponent("audio-sv/00010.ts")
        try Data(try Data(contentsOf: shortened).prefix(500)).write(to: shortened)
        try FileManager.default.removeItem(at: package.appendingPathComponent("subtitles-en/00020.vtt"))

        #expect(Set(try await downloader.verify(id)) == ["video/00003.ts", "audio-sv/00010.ts", "subtitles-en/00020.vtt"])
        let before = try #require(await downloader.snapshot(id)).progress
        try await downloader.repair(id)
        let seen = await events(of: downloader) { $0.isEnd }
        #expect(seen.last == .finished(id))
        #expect(transport.mediaGets.count == fetched + 3, "only the broken files were fetched")
        #expect(
            seen.compactMap(\.progress).allSatisfy { $0.completedBytes >= before.completedBytes }, "bytes never go back during a repair")
        #expect(try await downloader.verify(id) == [])
        try harness.expectPackageEqualsSource(id)
    }

    @Test func removeStopsAndDeletesThePackageAndItsRecord() async throws {
        let harness = try await MediaDownloadHarness()
        let downloader = try harness.downloader(GatedTransport(passing: 10))
        let id = MediaDownloadID(rawValue: "removed")
        let prepared = try await downloader.prepare(id, source: harness.source(), selection: MediaTrackSelection())
        try await downloader.start(id)
        _ = await events(of: downloader) { $0.progress?.completedFiles == 10 }
        try await downloader.remove(id)
        #expect(await downloader.snapshot(id) == nil)
        #expect(!FileManager.default.fileExists(atPath: prepared.masterPlaylist.deletingLastPathComponent().path))
        #expect(try harness.indexed(id) == nil)
        #expect(try await harness.downloader(GatedTransport()).restore().isEmpty)
        // The id is free again.
        _ = try await downloader.prepare(id, source: harness.source(), selection: MediaTrackSelection())
    }
}
