import ExposureDownload
import Testing

@Suite struct ReportBatchesTests {
    @Test func theFirstPostOpensABatchAndLaterOnesJoinIt() {
        let reports = ReportBatches<Int>()
        #expect(reports.post(1), "the poster opening the batch schedules its taking")
        #expect(!reports.post(2))
        #expect(!reports.post(3))
        #expect(reports.take() == [1, 2, 3], "in the order posted")
    }

    @Test func aPostAfterTheBatchIsTakenOpensTheNext() {
        let reports = ReportBatches<Int>()
        _ = reports.post(1)
        #expect(reports.take() == [1])
        #expect(reports.post(2))
        #expect(reports.take() == [2])
    }

    @Test func takingWithNoBatchOpenGivesNothingAndTheNextPostStillOpensOne() {
        let reports = ReportBatches<Int>()
        #expect(reports.take().isEmpty)
        _ = reports.post(1)
        _ = reports.take()
        #expect(reports.take().isEmpty, "a batch is taken once")
        #expect(reports.post(2))
    }

    /// Posts racing from many tasks: every report is taken exactly once, and one post per batch
    /// asked for it to be taken.
    @Test func concurrentPostsAreEachTakenOnceWithOneOpenerPerBatch() async {
        let reports = ReportBatches<Int>()
        let openers = await withTaskGroup(of: Int.self) { group in
            for value in 0..<1_000 { group.addTask { reports.post(value) ? 1 : 0 } }
            return await group.reduce(0, +)
        }
        #expect(openers == 1, "nobody took the batch, so only the first post opened one")
        #expect(reports.take().sorted() == Array(0..<1_000))
    }
}
