import Exposure
import ExposureDownload
import Foundation
import HLS
import MockPlatformTesting
import TestSupport
import Testing

/// Whole downloads against the real mock over HTTP: the plan, the bytes, the package, faults.
@Suite(.onItsOwnQueue, .timeLimit(.minutes(2))) struct DownloadEndToEndTests {
    @Test func prepareWritesAValidPackageOfTheSelectionAndFetchesNoMedia() async throws {
        let harness = try await MediaDownloadHarness()
        let transport = GatedTransport()
        let downloader = try harness.downloader(transport)
        let tracks = try await downloader.availableTracks(source: harness.source())
        #expect(tracks.videos.map(\.bitrate) == tracks.videos.map(\.bitrate).sorted())
        #expect(tracks.videos.count == 3)
        #expect(Set(tracks.audios.map(\.language)) == ["en", "sv"])
        #expect(Set(tracks.subtitles.map(\.language)) == ["en", "sv"])

        let id = MediaDownloadID(rawValue: "bts")
        let lowest = try #require(tracks.videos.first)
        let snapshot = try await downloader.prepare(
            id, source: harness.source(),
            selection: MediaTrackSelection(videoBitrate: lowest.bitrate, audioLanguages: ["sv"], subtitleLanguages: ["en"]))
        #expect(snapshot.phase == .suspended)
        #expect(snapshot.progress.completedBytes == 0)
        #expect(transport.mediaGets.isEmpty)

        let record = try #require(try harness.indexed(id))
        #expect(snapshot.progress.totalFiles == record.files.count)
        #expect(record.files.count == 45 * 3)
        let sourceBytes = try record.files.reduce(Int64(0)) { $0 + Int64(try MediaDownloadHarness.sourceBytes(of: $1.planned.url).count) }
        #expect(snapshot.progress.expectedBytes == sourceBytes, "HEAD sizes sum to the source files")
        #expect(
            record.files.allSatisfy {
                $0.planned.url.path.contains("/180p/") || $0.planned.url.path.contains("/sv/") || $0.planned.url.path.contains("/en/")
            })
        #expect(!record.files.contains { $0.planned.url.path.contains("audio/en") || $0.planned.url.path.contains("subtitles/sv") })

        let master = try HLSParser.parseMaster(try Data(contentsOf: snapshot.masterPlaylist))
        #expect(HLSValidator.validate(master: master).isEmpty)
        #expect(master.variants.map(\.bandwidth) == [lowest.bitrate])
        #expect(master.renditions.map { "\($0.type.rawValue) \($0.language ?? "")" } == ["AUDIO sv", "SUBTITLES en"])
        let package = snapshot.masterPlaylist.deletingLastPathComponent()
        for uri in [master.variants[0].uri] + master.renditions.compactMap(\.uri) {
            let media = try HLSParser.parseMedia(try Data(contentsOf: package.appendingPathComponent(uri)))
            #expect(HLSValidator.validate(media: media, kind: .vod).isEmpty, "\(uri)")
            #expect(media.segments.count == 45)
            #expect(media.segments.allSatisfy { !$0.uri.contains("/") })
        }
    }

    @Test func withoutSizesBeforeFetchingPrepareSendsNoHeadAndTheSizeIsKnownWithTheLastFile() async throws {
        let harness = try await MediaDownloadHarness()
        let transport = GatedTransport()
        let downloader = try harness.downloader(transport, sizesBeforeFetching: false)
        let id = MediaDownloadID(rawValue: "as-fetched")
        let prepared = try await downloader.prepare(id, source: harness.source(), selection: MediaTrackSelection())
        #expect(transport.count(.head) == 0)
        #expect(prepared.progress.expectedBytes == nil)
        try await downloader.start(id)
        let seen = await events(of: downloader) { $0.isEnd }
        #expect(seen.last == .finished(id))
        let progress = seen.compactMap(\.progress)
        #expect(progress.dropLast().allSatisfy { $0.expectedBytes == nil }, "unknown while a file is still unfetched")
        #expect(progress.last?.expectedBytes == progress.last?.completedBytes)
        #expect(transport.count(.head) == 0)
        try harness.expectPackageEqualsSource(id)
    }

    /// Files completing together are committed in one transaction, and none is announced before
    /// its commit: at every `.progressed`, the index file (read as another process would) holds
    /// at least as many complete files, each with its length and digest, as the event counts.
    @Test func everyAnnouncedFileIsCommittedBeforeItsEvent() async throws {
        let harness = try await MediaDownloadHarness()
        let downloader = try harness.downloader(GatedTransport(), sizesBeforeFetching: false)
        let id = MediaDownloadID(rawValue: "committed")
        _ = try await downloader.prepare(id, source: harness.source(), selection: MediaTrackSelection())
        try await downloader.start(id)
        var announced: [Int] = []
        var committed: [Int] = []
        for await event in downloader.events {
            guard case .progressed(_, let progress) = event else {
                if event.isEnd { break }
                continue
            }
            announced.append(progress.completedFiles)
            committed.append(try harness.indexed(id)?.files.filter { $0.completion != nil }.count ?? 0)
        }
        #expect(announced == Array(1...announced.count), "one event per file, in order")
        #expect(zip(announced, committed).allSatisfy { $0 <= $1 }, "announced \(announced), committed \(committed)")
        #expect(try harness.indexed(id)?.phase == .complete)
        try harness.expectPackageEqualsSource(id)
    }

    @Test func aWholeDownloadHasTheSourceBytesAndFFprobeReadsIt() async throws {
        let harness = try await MediaDownloadHarness()
        let downloader = try harness.downloader(GatedTransport())
        let id = MediaDownloadID(rawValue: "whole")
        let prepared = try await downloader.prepare(id, source: harness.source(), selection: MediaTrackSelection())
        try await downloader.start(id)
        let seen = await events(of: downloader) { $0.isEnd }
        #expect(seen.last == .finished(id))
        let progress = seen.compactMap(\.progress)
        #expect(progress.count == prepared.progress.totalFiles, "one event per completed file")
        #expect(
            zip(progress, progress.dropFirst()).allSatisfy {
                $0.completedBytes <= $1.completedBytes && $0.completedFiles < $1.completedFiles
            })
        #expect(progress.last?.completedBytes == prepared.progress.expectedBytes)
        try harness.expectPackageEqualsSource(id)

        let snapshot = try #require(await downloader.snapshot(id))
        #expect(snapshot.phase == .complete)
        #expect(snapshot.usedBytes > snapshot.progress.completedBytes, "files plus the package's playlists")
        #expect(try await downloader.verify(id) == [])

        let probe = try await ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            [
                "ffprobe", "-v", "error", "-show_streams", "-of", "compact=p=0:nk=1", "-show_entries", "stream=codec_type",
                snapshot.masterPlaylist.path
            ])
        #expect(probe.status == 0, "ffprobe: \(probe.errors)")
        #expect(probe.output.contains("video") && probe.output.contains("audio"), "ffprobe found: \(probe.output)")
    }

    @Test func droppedTruncatedAndFailingAnswersAreRetriedToAVerifiedPackage() async throws {
        let harness = try await MediaDownloadHarness()
        try harness.platform.inject(.dropConnection(path: "/video/.*seg-00[1-3]\\.ts$", method: "GET", times: 3))
        try harness.platform.inject(.truncate(afterBytes: 1_000, path: "/video/.*seg-01[0-9]\\.ts$", method: "GET", times: 3))
        try harness.platform.inject(.status(503, path: "/audio/en/seg-00[4-6]\\.ts$", method: "GET", times: 2))
        let transport = GatedTransport()
        let downloader = try harness.downloader(transport)
        let id = MediaDownloadID(rawValue: "faulty")
        let prepared = try await downloader.prepare(id, source: harness.source(), selection: MediaTrackSelection())
        try await downloader.start(id)
        let seen = await events(of: downloader) { $0.isEnd }
        #expect(seen.last == .finished(id))
        #expect(harness.platform.faults.isEmpty, "every fault was hit")
        #expect(transport.mediaGets.count >= prepared.progress.totalFiles + 5, "truncated and 503 answers were fetched again")
        try harness.expectPackageEqualsSource(id)
        #expect(try await downloader.verify(id) == [])
    }

    @Test func aForbiddenFileFailsTheDownloadWithoutRetries() async throws {
        let harness = try await MediaDownloadHarness()
        try harness.platform.inject(.status(403, path: "/video/360p/seg-005\\.ts$", method: "GET"))
        let downloader = try harness.downloader(GatedTransport())
        let id = MediaDownloadID(rawValue: "forbidden")
        let prepared = try await downloader.prepare(id, source: harness.source(), selection: MediaTrackSelection())
        try await downloader.start(id)
        let seen = await events(of: downloader) { $0.isEnd }
        // Segment URLs name their stream and media sequence number; the first seg-005 is segment 5.
        let url = URL(string: "\(harness.platform.baseURL)/media/reel/video/360p/seg-005.ts?asset=behind-the-scenes&seq=5")!
        #expect(seen.last == .failed(id, .httpStatus(403, url: url)))
        let forbidden = try #require(try harness.indexed(id)?.files.first { $0.planned.url == url })
        let package = prepared.masterPlaylist.deletingLastPathComponent()
        #expect(!FileManager.default.fileExists(atPath: package.appendingPathComponent(forbidden.planned.path).path))
        #expect(try harness.partialFiles(of: id).isEmpty, "the 403's body is written nowhere")
        // The title lists seg-005 twice (the reel loops): each planned entry asked at most once.
        #expect(harness.platform.requests(pathPrefix: "/media/reel/video/360p/seg-005.ts", method: "GET").count <= 2)
        #expect(await downloader.snapshot(id)?.phase == .suspended)
        #expect(try harness.indexed(id)?.phase == .suspended)
    }

    @Test func aFullDiskFailsWithInsufficientSpace() async throws {
        let harness = try await MediaDownloadHarness()
        let downloader = try harness.downloader(GatedTransport())
        let id = MediaDownloadID(rawValue: "full")
        let prepared = try await downloader.prepare(id, source: harness.source(), selection: MediaTrackSelection())
        // The file's temporary name leads to /dev/full, where every write fails with ENOSPC.
        let partial = PackageFiles.partialURL(of: "video/00007.ts", in: prepared.masterPlaylist.deletingLastPathComponent())
        try FileManager.default.createSymbolicLink(atPath: partial.path, withDestinationPath: "/dev/full")
        try await downloader.start(id)
        let seen = await events(of: downloader) { $0.isEnd }
        #expect(seen.last == .failed(id, .insufficientSpace))
        #expect(PackageFiles.failure(ENOSPC, "x") == .insufficientSpace)
        #expect(PackageFiles.failure(EDQUOT, "x") == .insufficientSpace)
        #expect(PackageFiles.failure(EACCES, "x") != .insufficientSpace)
    }

    @Test func unknownIdsAndSecondPreparesAreErrors() async throws {
        let harness = try await MediaDownloadHarness()
        let downloader = try harness.downloader(GatedTransport())
        let missing = MediaDownloadID(rawValue: "missing")
        await #expect(throws: MediaDownloadFailure.unknownDownload(missing)) { try await downloader.start(missing) }
        await #expect(throws: MediaDownloadFailure.unknownDownload(missing)) { try await downloader.verify(missing) }
        #expect(await downloader.snapshot(missing) == nil)
        let id = MediaDownloadID(rawValue: "once")
        _ = try await downloader.prepare(id, source: harness.source(), selection: MediaTrackSelection())
        await #expect(throws: MediaDownloadFailure.alreadyExists(id)) {
            try await downloader.prepare(id, source: harness.source(), selection: MediaTrackSelection())
        }
        let notFound = URL(string: "\(harness.platform.baseURL)/streams/vod/no-such-asset/default/master.m3u8")!
        await #expect(throws: MediaDownloadFailure.httpStatus(404, url: notFound)) {
            try await downloader.prepare(MediaDownloadID(rawValue: "nothing"), source: notFound, selection: MediaTrackSelection())
        }
        let live = URL(string: "\(harness.platform.baseURL)/streams/live/news-24/master.m3u8")!
        await #expect(throws: MediaDownloadFailure.self) {
            try await downloader.prepare(MediaDownloadID(rawValue: "live"), source: live, selection: MediaTrackSelection())
        }
    }
}
