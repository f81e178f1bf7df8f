import Exposure
import Foundation
import Synchronization

/// A download's way: downloadinfo → download entitlement → the downloader's plan and start →
/// downloadcompleted in the outbox → Downloaded; and the ways out (suspend, cancel, delete).
extension OfflineManager {
    func beginDownload(_ item: SourceItem, selection: MediaTrackSelection, configuration: DownloadConfiguration) throws(OfflineManagerError)
        -> WorkTask?
    {
        try update(item.assetId, followUp: { () throws(OfflineManagerError) in try await self.drive(item.assetId) }) {
            (record) throws(OfflineManagerError) in
            let next = try OfflineStateMachine.state(after: .download, from: record?.state ?? .notDownloaded)
            record = OfflineItemRecord(
                item: item, state: next, request: DownloadRequest(selection: selection, configuration: configuration))
            return []
        }
    }

    func beginSuspend(_ assetId: String, byPolicy: Bool, announcing events: [OfflineManagerEvent]? = nil) throws(OfflineManagerError)
        -> WorkTask?
    {
        try transition(
            assetId, .suspendDownload, announcing: events ?? [.suspended(assetId: assetId)],
            followUp: { () throws(OfflineManagerError) in try await self.stopFetching(assetId) }
        ) { $0.suspendedByPolicy = byPolicy }
    }

    func beginResume(_ assetId: String) throws(OfflineManagerError) -> WorkTask? {
        let percent = record(assetId)?.percent ?? 0
        return try transition(
            assetId, .resumeDownload, announcing: [.resumed(assetId: assetId, percent: percent)],
            followUp: { () throws(OfflineManagerError) in try await self.drive(assetId) }
        ) { $0.suspendedByPolicy = false }
    }

    func beginCancel(_ assetId: String) throws(OfflineManagerError) -> WorkTask? {
        try transition(assetId, .cancelDownload, followUp: { () throws(OfflineManagerError) in try await self.completeCancel(assetId) })
    }

    func beginDelete(_ assetId: String) throws(OfflineManagerError) -> WorkTask? {
        let item = record(assetId)?.item
        return try transition(
            assetId, .deleteOfflineData,
            followUp: { () throws(OfflineManagerError) in
                self.cancelExpiry(assetId)
                // The release goes into the outbox first: files that fail to go cannot keep the
                // download counted on the backend.
                if let item { try await self.reporter.add(DownloadReport(kind: .deleted, item: item)) }
                try await self.removeFiles(assetId)
            })
    }

    /// Takes a Downloading item as far as fetching; returns early whenever the item left Downloading meanwhile.
    func drive(_ assetId: String) async throws(OfflineManagerError) {
        // The downloader knows its earlier downloads only once it restored them.
        await waitForRestoredDownloads()
        guard var record = record(assetId), record.state == .downloading else { return }
        let downloader = try self.downloader.get()
        let backend = DownloadBackend(
            environment: record.item.environment, sessionToken: record.item.sessionToken,
            transport: dependencies.transport)
        if record.entitlement == nil {
            let entitlement = try await Self.send(backend.entitlement(assetId: assetId, device: dependencies.device))
            record.entitlement = entitlement
            try amend(assetId) {
                $0.entitlement = entitlement
                $0.license = DownloadLicense(entitlement: entitlement)
            }
        }
        var snapshot = await downloader.snapshot(record.item.downloadId)
        if snapshot == nil {
            guard let source = record.entitlement?.downloadSource else {
                throw .invalidSource("the download entitlement names no HLS stream")
            }
            if record.estimatedBytes == nil {
                let info = try await Self.send(backend.info(assetId: assetId))
                let master = try await Self.perform { () throws(MediaDownloadFailure) in
                    try await downloader.availableTracks(source: source)
                }
                let estimate = record.request.settle(with: info, masterBitrates: master.videos.map(\.bitrate))
                guard registry.withLock({ $0.availableBytes }) - estimate >= Self.minimumAvailableBytes else { throw .insufficientSpace }
                let request = record.request
                try amend(assetId) {
                    $0.request = request
                    $0.estimatedBytes = estimate
                }
            }
            let request = record.request
            let keys = request.configuration.supportClearKeyContent ? keyCustody(assetId) : nil
            snapshot = try await Self.perform { () throws(MediaDownloadFailure) in
                try await downloader.prepare(record.item.downloadId, source: source, selection: request.selection, keys: keys)
            }
        }
        guard self.record(assetId)?.state == .downloading else { return }
        if let snapshot {
            try amend(assetId) {
                $0.masterPlaylist = snapshot.masterPlaylist
                $0.usedBytes = snapshot.usedBytes
                $0.absorb(snapshot.progress)
            }
            if snapshot.phase == .complete { return try await finishDownload(assetId) }
        }
        if policyBlock != nil { return applyPolicy() }
        let id = record.item.downloadId
        try await Self.perform { () throws(MediaDownloadFailure) in try await downloader.start(id) }
    }

    /// Runs a downloader call, its failure read as the manager's error.
    static func perform<Value>(_ call: () async throws(MediaDownloadFailure) -> Value) async throws(OfflineManagerError) -> Value {
        do throws(MediaDownloadFailure) {
            return try await call()
        } catch {
            throw OfflineManagerError(error)
        }
    }

    /// Every file is on disk: the completion goes into the outbox, then the item is Downloaded.
    func finishDownload(_ assetId: String) async throws(OfflineManagerError) {
        guard let record = record(assetId), record.state == .downloading else { return }
        let snapshot = await (try? downloader.get())?.snapshot(record.item.downloadId)
        try await reporter.add(DownloadReport(kind: .completed, item: record.item))
        try update(assetId) { (record) throws(OfflineManagerError) in
            guard var finished = record, let next = OfflineStateMachine.state(after: .finished, from: finished.state) else { return [] }
            finished.state = next
            finished.fraction = 1
            if let snapshot {
                finished.masterPlaylist = snapshot.masterPlaylist
                finished.usedBytes = snapshot.usedBytes
                finished.absorb(snapshot.progress)
            }
            record = finished
            return [.finished(assetId: assetId)]
        }
        scheduleExpiry(assetId)
    }

    /// The partial data is gone: Canceling → NotDownloaded.
    func completeCancel(_ assetId: String) async throws(OfflineManagerError) {
        try await removeFiles(assetId)
        try update(assetId) { record in
            guard let canceling = record, OfflineStateMachine.state(after: .canceled, from: canceling.state) != nil else { return [] }
            record = nil
            return [.canceled(assetId: assetId)]
        }
    }

    /// After failed work: a download still marked Downloading is suspended when it has data to
    /// resume from, and abandoned (Canceling → NotDownloaded) when nothing was fetched.
    func recover(_ assetId: String) async {
        guard record(assetId)?.state == .downloading else { return }
        let hasData = await (try? downloader.get())?.snapshot(MediaDownloadID(rawValue: assetId)) != nil
        if hasData {
            _ = try? beginSuspend(assetId, byPolicy: false)
            return
        }
        do {
            try transition(assetId, .cancelDownload)
            try await completeCancel(assetId)
        } catch {
            return
        }
    }

    func stopFetching(_ assetId: String) async throws(OfflineManagerError) {
        try await tellDownloader(assetId) { (downloader, id) throws(MediaDownloadFailure) in try await downloader.suspend(id) }
    }

    func removeFiles(_ assetId: String) async throws(OfflineManagerError) {
        try await tellDownloader(assetId) { (downloader, id) throws(MediaDownloadFailure) in try await downloader.remove(id) }
    }

    /// Asks the downloader to stop or remove a download; one it never heard of needs neither.
    private func tellDownloader(
        _ assetId: String, _ action: (any MediaDownloading, MediaDownloadID) async throws(MediaDownloadFailure) -> Void
    ) async throws(OfflineManagerError) {
        let downloader = try self.downloader.get()
        do throws(MediaDownloadFailure) {
            try await action(downloader, MediaDownloadID(rawValue: assetId))
        } catch .unknownDownload {
            return
        } catch {
            throw OfflineManagerError(error)
        }
    }

    /// The tracks `downloadinfo` lists, as a selection of all of them.
    func fetchTracks(_ item: SourceItem) async throws(OfflineManagerError) -> OfflineTrackSelection {
        let backend = DownloadBackend(environment: item.environment, sessionToken: item.sessionToken, transport: dependencies.transport)
        let info = try await Self.send(backend.info(assetId: item.assetId))
        func media(_ track: DownloadInfo.Track) -> MediaTracks.Media? {
            track.language.map { MediaTracks.Media(language: $0, name: track.hlsName ?? track.name ?? $0) }
        }
        let available = MediaTracks(
            videos: info.videos.compactMap { track in
                track.bitrate.map { bitrate in
                    MediaTracks.Video(bitrate: bitrate, resolution: track.width.flatMap { width in track.height.map { "\(width)x\($0)" } })
                }
            },
            audios: info.audios.compactMap(media), subtitles: info.subtitles.compactMap(media))
        let selection = OfflineTrackSelection(available: available)
        announcements.yield(.fetchedAvailableTracks(assetId: item.assetId, selection))
        return selection
    }

    /// Sends a backend call, its failure read as the manager's error.
    static func send<Call: ExposureRequest>(_ call: Call) async throws(OfflineManagerError) -> Call.Response {
        do throws(ExposureError) {
            return try await call.request()
        } catch {
            throw OfflineManagerError(error)
        }
    }
}

extension DownloadReport {
    /// A report about `item`, made with its environment and token.
    init(kind: Kind, item: SourceItem) {
        self.init(kind: kind, assetId: item.assetId, environment: item.environment, sessionToken: item.sessionToken)
    }
}
