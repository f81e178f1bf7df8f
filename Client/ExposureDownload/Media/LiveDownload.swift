import Foundation

/// A download as the coordinator holds it in memory: the index's record plus what is going on now.
struct LiveDownload: Sendable {
    /// What the download is doing in this process.
    enum Activity: Sendable, Hashable {
        /// Nothing in flight.
        case idle
        /// Files are being handed to fetch jobs.
        case fetching
        /// Jobs are being stopped; once none is left, the reason is carried out.
        case stopping(StopReason)
    }

    /// Why fetching stops.
    enum StopReason: Sendable, Hashable {
        case suspend
        case failure(MediaDownloadFailure)
        case remove
        /// Stopped to take broken files back; fetching starts again at once, nothing is announced.
        case repair
    }

    var record: IndexedDownload
    /// The package folder.
    let folder: URL
    var ledger: ProgressLedger
    var retries = RetryBudget()
    /// Files completed in this process: the retry budget starts over when it changes.
    var completions = 0
    var activity = Activity.idle

    /// The download `record`, whose package is `folder`.
    init(_ record: IndexedDownload, folder: URL) {
        self.record = record
        self.folder = folder
        var ledger = ProgressLedger(totalFiles: record.files.count, floorBytes: record.floorBytes)
        for file in record.files {
            if let completion = file.completion {
                ledger.sizeKnown(completion.length)
                ledger.completed(completion.length)
            } else if let expected = file.planned.expectedLength {
                ledger.sizeKnown(expected)
            }
        }
        self.ledger = ledger
    }

    /// Positions of the files not complete, in plan order.
    var pendingPositions: [Int] { record.files.indices.filter { record.files[$0].completion == nil } }

    /// Records the file at `position` as complete in memory.
    mutating func complete(_ position: Int, _ completion: IndexedFile.Completion) {
        if let expected = record.files[position].planned.expectedLength {
            ledger.sizeChanged(from: expected, to: completion.length)
        } else {
            ledger.sizeKnown(completion.length)
        }
        record.files[position].planned.expectedLength = completion.length
        record.files[position].completion = completion
        ledger.completed(completion.length)
        completions += 1
    }

    /// Takes the complete file at `position` back (found broken); its size stays known.
    mutating func reopen(_ position: Int) {
        guard let completion = record.files[position].completion else { return }
        ledger.reopened(completion.length)
        record.files[position].completion = nil
    }

    /// The phase to report: in flight counts as fetching.
    var reportedPhase: MediaDownloadPhase {
        activity == .idle ? record.phase : .fetching
    }
}
