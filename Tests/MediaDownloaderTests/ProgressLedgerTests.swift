import ExposureDownload
import Testing

@Suite struct ProgressLedgerTests {
    @Test func expectedBytesAreKnownOnceEveryFileHasASize() {
        var ledger = ProgressLedger(totalFiles: 2)
        ledger.sizeKnown(100)
        #expect(ledger.progress.expectedBytes == nil)
        ledger.sizeKnown(50)
        #expect(ledger.progress == MediaDownloadProgress(completedBytes: 0, expectedBytes: 150, completedFiles: 0, totalFiles: 2))
    }

    @Test func completedFilesAddTheirBytes() {
        var ledger = ProgressLedger(totalFiles: 2)
        ledger.sizeKnown(100)
        ledger.sizeChanged(from: 100, to: 90)
        ledger.completed(90)
        #expect(ledger.progress == MediaDownloadProgress(completedBytes: 90, expectedBytes: nil, completedFiles: 1, totalFiles: 2))
        #expect(ledger.progress.fraction == 0.5)
        #expect(!ledger.isComplete)
    }

    @Test func bytesNeverGoBackWhenABrokenFileIsTakenBack() {
        var ledger = ProgressLedger(totalFiles: 3)
        for length: Int64 in [10, 20, 30] {
            ledger.sizeKnown(length)
            ledger.completed(length)
        }
        #expect(ledger.isComplete)
        ledger.reopened(20)
        #expect(ledger.progress.completedBytes == 60)
        #expect(ledger.progress.completedFiles == 2)
        #expect(ledger.floorBytes == 60)
        ledger.completed(20)
        #expect(ledger.progress.completedBytes == 60)
        #expect(ledger.isComplete)
    }

    @Test func aRestoredFloorHoldsAcrossARestart() {
        let ledger = ProgressLedger(totalFiles: 4, floorBytes: 500)
        #expect(ledger.progress.completedBytes == 500)
    }

    @Test func anEmptyPackageIsComplete() {
        let ledger = ProgressLedger(totalFiles: 0)
        #expect(ledger.isComplete)
        #expect(ledger.progress.fraction == 1)
        #expect(ledger.progress.expectedBytes == 0)
    }
}
