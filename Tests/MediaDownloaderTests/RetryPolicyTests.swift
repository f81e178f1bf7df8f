import ExposureDownload
import Testing

@Suite struct RetryPolicyTests {
    @Test func theBackoffDoublesUpToItsCap() {
        let policy = RetryPolicy()
        #expect((1...7).map(policy.delay(beforeRetry:)) == [500, 1_000, 2_000, 4_000, 8_000, 8_000, 8_000].map(Duration.milliseconds))
    }

    @Test func aFileGetsFiveRetriesWhileNothingMoves() {
        var budget = RetryBudget()
        let decisions = (1...6).map { _ in budget.failed(position: 3, completions: 0) }
        #expect(
            decisions == [
                .retry(after: .milliseconds(500)), .retry(after: .milliseconds(1_000)), .retry(after: .milliseconds(2_000)),
                .retry(after: .milliseconds(4_000)),
                .retry(after: .milliseconds(8_000)), .giveUp
            ])
    }

    @Test func theCountStartsOverWhenTheDownloadCompletesAFile() {
        var budget = RetryBudget()
        for _ in 1...5 { _ = budget.failed(position: 3, completions: 10) }
        #expect(budget.failed(position: 3, completions: 11) == .retry(after: .milliseconds(500)))
    }

    @Test func filesCountTheirOwnFailures() {
        var budget = RetryBudget()
        for _ in 1...4 { _ = budget.failed(position: 1, completions: 0) }
        #expect(budget.failed(position: 2, completions: 0) == .retry(after: .milliseconds(500)))
        #expect(budget.failed(position: 1, completions: 0) == .retry(after: .milliseconds(8_000)))
        #expect(budget.failed(position: 1, completions: 0) == .giveUp)
    }
}

@Suite struct ResponseVerdictTests {
    @Test func aWholeBodyIsComplete() {
        #expect(ResponseVerdict.of(status: 200, contentLength: "5", bodyCount: 5) == .complete)
        #expect(ResponseVerdict.of(status: 200, contentLength: nil, bodyCount: 5) == .complete)
    }

    @Test func aBodyOfTheWrongLengthIsRetried() {
        #expect(ResponseVerdict.of(status: 200, contentLength: "100", bodyCount: 40) == .retry("got 40 of 100 bytes"))
        #expect(ResponseVerdict.of(status: 200, contentLength: " 3 ", bodyCount: 4) == .retry("got 4 of 3 bytes"))
    }

    @Test(arguments: [408, 429, 500, 502, 503, 504])
    func transientStatusesAreRetried(_ status: Int) {
        #expect(ResponseVerdict.of(status: status, contentLength: nil, bodyCount: 0) == .retry("HTTP \(status)"))
    }

    @Test(arguments: [400, 401, 403, 404, 410])
    func otherClientErrorsAreNot(_ status: Int) {
        #expect(ResponseVerdict.of(status: status, contentLength: nil, bodyCount: 0) == .refuse(status))
    }
}
