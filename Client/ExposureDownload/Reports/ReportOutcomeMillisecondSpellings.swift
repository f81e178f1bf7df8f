import Exposure

// The report outcome as it was made before its next attempt became a `WallTime`: milliseconds
// since 1970 under an `…Ms` label. It forwards to the typed case.

extension DownloadReportOutcome {
    /// A report that failed and stays, its next attempt due at `nextAttemptMs` (milliseconds since 1970).
    @available(*, deprecated, renamed: "retrying(_:attempts:nextAttempt:)", message: "give the next attempt as a WallTime")
    public static func retrying(_ report: DownloadReport, attempts: Int, nextAttemptMs: Int64) -> DownloadReportOutcome {
        .retrying(report, attempts: attempts, nextAttempt: WallTime(millisecondsSince1970: nextAttemptMs))
    }
}
