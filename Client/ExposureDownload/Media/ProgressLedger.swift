/// The running totals behind a download's ``MediaDownloadProgress``, kept as files complete,
/// so a progress value costs nothing however many files a package has.
///
/// `completedBytes` never goes backwards while a download lives: when ``repair`` takes broken
/// files back, the bytes already announced stay as a floor until the refetched ones pass it.
package struct ProgressLedger: Sendable, Hashable {
    package private(set) var completeBytes: Int64 = 0
    package private(set) var completeFiles = 0
    /// Bytes announced before a repair; what ``progress`` never reports less than.
    package private(set) var floorBytes: Int64 = 0
    private var knownSizes: Int64 = 0
    private var unknownSizes: Int
    private let totalFiles: Int

    /// Totals for a package of `totalFiles` files, none complete and no sizes known yet.
    package init(totalFiles: Int, floorBytes: Int64 = 0) {
        self.totalFiles = totalFiles
        unknownSizes = totalFiles
        self.floorBytes = floorBytes
    }

    /// A file whose size became known (before or as it completed).
    package mutating func sizeKnown(_ length: Int64) {
        knownSizes += length
        unknownSizes -= 1
    }

    /// A known size replaced by another (a body whose length differs from its HEAD).
    package mutating func sizeChanged(from old: Int64, to new: Int64) { knownSizes += new - old }

    /// A file completed with `length` bytes.
    package mutating func completed(_ length: Int64) {
        completeBytes += length
        completeFiles += 1
    }

    /// A complete file of `length` bytes taken back (found broken); the bytes announced stay the floor.
    package mutating func reopened(_ length: Int64) {
        floorBytes = max(floorBytes, completedBytes)
        completeBytes -= length
        completeFiles -= 1
    }

    /// Bytes to announce: complete files, never less than the floor.
    package var completedBytes: Int64 { max(completeBytes, floorBytes) }

    /// The progress value.
    package var progress: MediaDownloadProgress {
        MediaDownloadProgress(
            completedBytes: completedBytes, expectedBytes: unknownSizes == 0 ? knownSizes : nil,
            completedFiles: completeFiles, totalFiles: totalFiles)
    }

    /// Whether every file is complete.
    package var isComplete: Bool { completeFiles == totalFiles }
}
