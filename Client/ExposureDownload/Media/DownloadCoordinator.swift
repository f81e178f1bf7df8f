import Clocks
import Cryptography
import Exposure
import Foundation

/// The downloader's one owner of state: which downloads exist, which files are in flight, and
/// the order in which things are persisted and announced.
///
/// Which file goes next is the ``FetchSchedule``'s decision (at most `connections` requests in
/// flight, over every download, in the order downloads were started). A job is a task beside the
/// actor on its queue (network, then hashing and disk, never on the cooperative pool) and reports
/// back here through ``ReportBatches`` without waiting: the reports are taken in batches, and the
/// files a batch completed are committed to the index in one transaction before their events are
/// sent.
///
/// The actor runs on the index's SQLite queue (its executor is the database's): its commits are
/// synchronous calls made between reading and changing its state, with no thread of the
/// cooperative pool blocked and no other call of the actor let in between.
actor DownloadCoordinator {
    private typealias Job = FetchSchedule.Job
    /// How a job ended (nil: it was cancelled).
    private typealias Ending = (job: Job, outcome: FileFetcher.Outcome?)
    /// How the commit of a job's file went: whether the file is its download's last, or the failure.
    private typealias Commit = Result<Bool, MediaDownloadFailure>

    /// What a job tells the coordinator.
    private enum Report: Sendable {
        /// The job's response arrived (or its request failed): its connection is free.
        case received(Job)
        /// The job ended, with how (nil: it was cancelled).
        case ended(Job, FileFetcher.Outcome?)
    }

    private let root: URL
    private let index: DownloadIndex
    private let preparation: PackagePreparation
    private let fetcher: FileFetcher
    private let clock: any WallClock
    private let events: AsyncStream<MediaDownloadEvent>.Continuation
    private var downloads: [MediaDownloadID: LiveDownload] = [:]
    private var schedule: FetchSchedule
    private var jobs: [Job: Task<Void, Never>] = [:]
    /// The task that wakes the schedule when the earliest retry falls due.
    private var wake: (due: WallTime, task: Task<Void, Never>)?
    private var drainWaiters: [MediaDownloadID: [CheckedContinuation<Void, Never>]] = [:]
    /// What jobs reported and the coordinator has not acted on yet.
    private nonisolated let reports = ReportBatches<Report>()
    /// Ids being prepared, so two prepares of one id cannot both pass the existence check.
    private var reserved: Set<MediaDownloadID> = []
    private var closed = false

    init(
        root: URL, index: DownloadIndex, preparation: PackagePreparation, clock: any WallClock, connections: Int,
        events: AsyncStream<MediaDownloadEvent>.Continuation, restored: [IndexedDownload]
    ) {
        self.root = root
        self.index = index
        self.preparation = preparation
        fetcher = preparation.fetcher
        self.clock = clock
        schedule = FetchSchedule(connections: connections)
        self.events = events
        for record in restored { downloads[record.id] = LiveDownload(record, folder: root.appendingPathComponent(record.folder)) }
    }

    nonisolated var unownedExecutor: UnownedSerialExecutor { index.unownedExecutor }

    // MARK: Queries

    func snapshots() -> [MediaDownloadSnapshot] {
        downloads.values.sorted { $0.record.id.rawValue < $1.record.id.rawValue }.map(snapshot)
    }

    func snapshot(_ id: MediaDownloadID) -> MediaDownloadSnapshot? { downloads[id].map(snapshot) }

    private func snapshot(_ download: LiveDownload) -> MediaDownloadSnapshot {
        MediaDownloadSnapshot(
            id: download.record.id, phase: download.reportedPhase, progress: download.ledger.progress,
            masterPlaylist: download.folder.appendingPathComponent(PackagePlan.masterPath),
            usedBytes: PackageFiles.usedBytes(under: download.folder))
    }

    private func existing(_ id: MediaDownloadID) throws(MediaDownloadFailure) -> LiveDownload {
        guard let download = downloads[id] else { throw .unknownDownload(id) }
        return download
    }

    /// Changes a download in place. A copy held while the dictionary's is changed would make
    /// every change copy the download's thousands of files (quadratic over a whole download).
    @discardableResult
    private func update<Result>(_ id: MediaDownloadID, _ body: (inout LiveDownload) -> Result) -> Result? {
        guard downloads[id] != nil else { return nil }
        return body(&downloads[id]!)
    }

    // MARK: Prepare

    func prepare(_ id: MediaDownloadID, source: URL, selection: MediaTrackSelection, keys: MediaKeyCustody?)
        async throws(MediaDownloadFailure) -> MediaDownloadSnapshot
    {
        guard downloads[id] == nil, reserved.insert(id).inserted else { throw .alreadyExists(id) }
        defer { reserved.remove(id) }
        let package = try await preparation.plan(source: source, selection: selection, keepsKeys: keys != nil)
        let folderName = uniqueFolderName(for: id)
        let folder = root.appendingPathComponent(folderName)
        let record = IndexedDownload(
            id: id, folder: folderName, source: source, phase: .suspended, floorBytes: 0,
            files: package.files.map { IndexedFile(planned: $0) })
        // The keys are kept last before the index row, and taken back with the folder when the
        // row cannot be written: a prepare that fails leaves no key behind.
        var keptKeys: MediaKeyCustody?
        do throws(MediaDownloadFailure) {
            try PackageFiles.createFolders(folder, for: package.playlists.map(\.path) + package.files.map(\.path))
            for playlist in package.playlists { try PackageFiles.writePlaylist(playlist, in: folder) }
            if let keys, !package.contentKeys.isEmpty {
                try await keys.keep(package.contentKeys)
                keptKeys = keys
            }
            try index.insert(record)
        } catch {
            await keptKeys?.discard()
            try? PackageFiles.remove(folder)
            throw error
        }
        let download = LiveDownload(record, folder: folder)
        downloads[id] = download
        return snapshot(download)
    }

    /// A readable folder name for `id`, with a digest so ids differing only in unsafe characters differ.
    private func uniqueFolderName(for id: MediaDownloadID) -> String {
        let base = PackagePlanner.fileNameSafe(id.rawValue) + "-" + SHA256.hex(of: Array(id.rawValue.utf8)).prefix(12)
        let taken = Set(downloads.values.map(\.record.folder))
        var name = base
        var number = 2
        while taken.contains(name) || FileManager.default.fileExists(atPath: root.appendingPathComponent(name).path) {
            name = "\(base)-\(number)"
            number += 1
        }
        return name
    }

    // MARK: Start, suspend, remove

    func start(_ id: MediaDownloadID) async throws(MediaDownloadFailure) {
        try await waitWhileStopping(id)
        let download = try existing(id)
        guard download.record.phase != .complete, download.activity == .idle, !closed else { return }
        let pending = download.pendingPositions
        try index.setPhase(.fetching, of: id)
        update(id) { download in
            download.record.phase = .fetching
            download.activity = .fetching
            // A new start (after a failure, or the network back) gets the whole budget again.
            download.retries = RetryBudget()
        }
        schedule.begin(id, pending: pending)
        if pending.isEmpty { try finish(id) }
        pump()
    }

    func suspend(_ id: MediaDownloadID) async throws(MediaDownloadFailure) {
        let download = try existing(id)
        switch download.activity {
        case .fetching:
            beginStop(id, .suspend)
            await drained(id)
        case .stopping:
            await drained(id)
        case .idle:
            // Already still: acknowledged, so a consumer waiting for `.suspended` is not left waiting.
            if download.record.phase != .complete { events.yield(.suspended(id, download.ledger.progress)) }
        }
    }

    func remove(_ id: MediaDownloadID) async throws(MediaDownloadFailure) {
        _ = try existing(id)
        beginStop(id, .remove)
        await drained(id)
        guard let download = downloads[id] else { return }
        try index.delete(id)
        // A start that ran while the stop settled queued the files again: drop them with the download.
        schedule.stop(id)
        downloads[id] = nil
        try PackageFiles.remove(download.folder)
    }

    private func waitWhileStopping(_ id: MediaDownloadID) async throws(MediaDownloadFailure) {
        while case .stopping = try existing(id).activity { await drained(id) }
    }

    /// Stops handing out the download's files and cancels its jobs; ``settle(_:)`` finishes the stop.
    private func beginStop(_ id: MediaDownloadID, _ reason: LiveDownload.StopReason) {
        guard downloads[id] != nil else { return }
        update(id) { download in
            switch download.activity {
            case .fetching, .idle: download.activity = .stopping(reason)
            case .stopping: if reason == .remove { download.activity = .stopping(.remove) }
            }
        }
        schedule.stop(id)
        for (job, task) in jobs where job.id == id { task.cancel() }
        settle(id)
    }

    /// Once a download has no job left: carries out its stop (persisting before announcing) and
    /// wakes whoever waits for it to drain.
    private func settle(_ id: MediaDownloadID) {
        guard schedule.jobs(of: id) == 0, let activity = downloads[id]?.activity else { return }
        if case .stopping(let reason) = activity,
            let (phase, progress) = update(
                id,
                { download in
                    download.activity = .idle
                    return (download.record.phase, download.ledger.progress)
                }), reason != .remove, reason != .repair, phase != .complete
        {
            update(id) { $0.record.phase = .suspended }
            let persisted = Result { () throws(MediaDownloadFailure) in try index.setPhase(.suspended, of: id) }
            switch (reason, persisted) {
            case (_, .failure(let failure)), (.failure(let failure), .success): events.yield(.failed(id, failure))
            default: events.yield(.suspended(id, progress))
            }
        }
        for waiter in drainWaiters.removeValue(forKey: id) ?? [] { waiter.resume() }
    }

    private func drained(_ id: MediaDownloadID) async {
        if schedule.jobs(of: id) == 0, downloads[id]?.activity == .idle || downloads[id] == nil { return }
        await withCheckedContinuation { drainWaiters[id, default: []].append($0) }
    }

    /// Stops everything for good (the downloader was released): like a killed process, the
    /// index keeps what was fetching as fetching, and the next downloader restores it suspended.
    func shutDown() {
        closed = true
        for id in schedule.order { schedule.stop(id) }
        for task in jobs.values { task.cancel() }
        wake?.task.cancel()
        events.finish()
    }

    // MARK: Jobs

    /// Starts every job the schedule allows, and a wake-up for the earliest retry.
    private func pump() {
        while !closed, let job = schedule.next(now: clock.now) {
            guard let file = downloads[job.id]?.record.files[job.position].planned, let folder = downloads[job.id]?.folder else {
                schedule.ended(job)
                continue
            }
            // Nonisolated, on the index's queue as its executor: the request goes out from the
            // queue, the curl thread's answer comes back to it, and the body is stored and
            // reported there; one hand-off between threads each way, not three through the pool.
            jobs[job] = Task(executorPreference: index.taskExecutor) { @concurrent in
                await self.run(job, file: file, folder: folder)
            }
        }
        // A retry already due waits for a free connection, and the job that frees one pumps
        // again: waking for it now would spin while every connection is busy.
        guard !closed, let due = schedule.nextRetry, due > clock.now, wake.map({ due < $0.due }) ?? true else { return }
        wake?.task.cancel()
        wake = (
            due,
            Task { [clock] in
                try? await clock.sleep(until: due, tolerance: nil)
                self.woke(due)
            }
        )
    }

    private func woke(_ due: WallTime) {
        if wake?.due == due { wake = nil }
        pump()
    }

    /// One attempt at one file, on the index's queue but not isolated to the actor (another
    /// job's or the actor's work runs while the request is out): the request, then (its
    /// connection handed on) the storing. Neither report waits for the coordinator.
    private nonisolated func run(_ job: Job, file: PlannedFile, folder: URL) async {
        let answer = await fetcher.request(file)
        report(.received(job))
        report(.ended(job, answer.map { fetcher.store($0, of: file, in: folder) }))
    }

    /// Posts `report`; the post that opens a batch has the coordinator act on it on its queue.
    private nonisolated func report(_ report: Report) {
        guard reports.post(report) else { return }
        index.enqueue { self.assumeIsolated { $0.actOnReports() } }
    }

    /// Acts on the reports posted since the last batch: frees the connections of the jobs whose
    /// responses arrived, commits the files completed in one transaction, then acts on each
    /// ending in the order they were posted, and starts what may start now.
    private func actOnReports() {
        var endings: [Ending] = []
        for report in reports.take() {
            switch report {
            case .received(let job): schedule.received(job)
            case .ended(let job, let outcome): endings.append((job, outcome))
            }
        }
        let commits = commitCompletions(of: endings)
        for (ending, commit) in zip(endings, commits) { ended(ending.job, ending.outcome, commit: commit) }
        pump()
    }

    /// Acts on how a job ended (nil: it was cancelled); `commit` is how its file's commit went
    /// (nil when its file is not to be recorded).
    private func ended(_ job: Job, _ outcome: FileFetcher.Outcome?, commit: Commit?) {
        jobs[job] = nil
        schedule.ended(job)
        if downloads[job.id] != nil {
            switch outcome {
            case .stored(let completion): record(job, completion, commit)
            case .fail(let failure): if downloads[job.id]?.activity == .fetching { beginStop(job.id, .failure(failure)) }
            case .retry(let reason): retry(job, reason: reason)
            case nil: break
            }
            settle(job.id)
        }
    }

    /// Schedules the file again after its backoff, or fails the download once its budget is spent.
    private func retry(_ job: Job, reason: String) {
        guard downloads[job.id]?.activity == .fetching, schedule.isHandingOut(job.id),
            let decision = update(job.id, { $0.retries.failed(position: job.position, completions: $0.completions) })
        else { return }
        switch decision {
        case .retry(let wait): schedule.retry(job, due: clock.now + wait)
        case .giveUp: beginStop(job.id, .failure(.network(reason)))
        }
    }

    /// Commits, in one transaction, the complete files among `endings` that are to be recorded
    /// (not complete already, their download not being removed). For each ending, in order: nil
    /// when it records nothing, else whether its file is the last of its download, or the
    /// commit's failure.
    private func commitCompletions(of endings: [Ending]) -> [Commit?] {
        var files: [DownloadIndex.CompletedFile] = []
        var recording: [Int?] = []
        var completedBefore: [MediaDownloadID: Int] = [:]
        for (job, outcome) in endings {
            guard case .stored(let completion) = outcome, let download = downloads[job.id],
                download.record.files[job.position].completion == nil, download.activity != .stopping(.remove),
                !files.contains(where: { $0.id == job.id && $0.position == job.position })
            else {
                recording.append(nil)
                continue
            }
            let done = completedBefore[job.id, default: download.ledger.completeFiles]
            completedBefore[job.id] = done + 1
            recording.append(files.count)
            files.append(
                DownloadIndex.CompletedFile(
                    id: job.id, position: job.position, completion: completion, isLast: done + 1 == download.record.files.count))
        }
        guard !files.isEmpty else { return recording.map { _ in nil } }
        let committed = Result { () throws(MediaDownloadFailure) in try index.complete(files) }
        return recording.map { file in file.map { file in committed.map { files[file].isLast } } }
    }

    /// Announces a complete file committed by ``commitCompletions(of:)`` (and the download's end
    /// with the last one); stops its download if the commit failed.
    private func record(_ key: Job, _ completion: IndexedFile.Completion, _ commit: Commit?) {
        let isLast: Bool
        switch commit {
        case nil: return
        case .failure(let failure): return beginStop(key.id, .failure(failure))
        case .success(let last): isLast = last
        }
        guard
            let progress = update(
                key.id,
                { download in
                    download.complete(key.position, completion)
                    return download.ledger.progress
                })
        else { return }
        events.yield(.progressed(key.id, progress))
        if isLast { announceFinished(key.id) }
    }

    /// A started download with nothing left to fetch.
    private func finish(_ id: MediaDownloadID) throws(MediaDownloadFailure) {
        try index.setPhase(.complete, of: id)
        announceFinished(id)
    }

    private func announceFinished(_ id: MediaDownloadID) {
        guard downloads[id] != nil else { return }
        update(id) { download in
            download.record.phase = .complete
            if download.activity == .fetching { download.activity = .idle }
        }
        schedule.stop(id)
        events.yield(.finished(id))
    }

    // MARK: Verify and repair

    /// Positions of complete files whose bytes on disk no longer have their recorded length and digest.
    func brokenFiles(_ id: MediaDownloadID) async throws(MediaDownloadFailure) -> [Int] {
        let download = try existing(id)
        let complete = download.record.files.indices.compactMap { position in
            download.record.files[position].completion.map { (position, download.record.files[position].planned.path, $0) }
        }
        return await Self.rehash(complete, in: download.folder)
    }

    func paths(_ positions: [Int], of id: MediaDownloadID) throws(MediaDownloadFailure) -> [String] {
        let download = try existing(id)
        return positions.map { download.record.files[$0].planned.path }
    }

    private nonisolated static func rehash(_ files: [(Int, String, IndexedFile.Completion)], in folder: URL) async -> [Int] {
        files.filter { _, path, recorded in PackageFiles.digest(of: folder.appendingPathComponent(path)) != recorded }.map(\.0)
    }

    func repair(_ id: MediaDownloadID) async throws(MediaDownloadFailure) {
        let broken = try await brokenFiles(id)
        if !broken.isEmpty {
            try await suspendQuietly(id)
            let floor = try existing(id).ledger.completedBytes
            try index.reopen(positions: broken, of: id, floorBytes: floor)
            update(id) { download in
                broken.forEach { download.reopen($0) }
                download.record.phase = .suspended
            }
        }
        try await start(id)
    }

    /// Stops a fetching download before its files are taken back, without announcing a suspension.
    private func suspendQuietly(_ id: MediaDownloadID) async throws(MediaDownloadFailure) {
        guard try existing(id).activity != .idle else { return }
        beginStop(id, .repair)
        await drained(id)
    }
}
