import Foundation

/// Where `exposure download`'s progress goes: a bar redrawn in place on a terminal, a plain line
/// per whole percent in a file or pipe, or one JSON object per whole percent with `--json`; the
/// last update (finished, suspended) is always shown. A 3,000-file package reports in about a
/// hundred lines, not three thousand.
struct ProgressDisplay {
    let json: Bool
    let terminal: Bool
    private var rate = TransferRate()
    private var lastPercent = -1
    private var drawn = false

    init(json: Bool, terminal: Bool) {
        self.json = json
        self.terminal = terminal
    }

    /// Shows one update; `event` names it (`progress`, `finished`, `suspended`).
    mutating func show(event: String, completedBytes: Int64, expectedBytes: Int64?, fraction: Double, seconds: Double) {
        // Clamped, so the bar's arithmetic can never trap on a stray value.
        let fraction = fraction.isFinite ? min(1, max(0, fraction)) : 0
        rate.record(bytes: completedBytes, atSeconds: seconds)
        let line = DownloadProgressLine(
            completedBytes: completedBytes, expectedBytes: expectedBytes, fraction: fraction, bytesPerSecond: rate.bytesPerSecond)
        let percent = Int((fraction * 100).rounded(.down))
        let isDue = percent > lastPercent || event != "progress"
        if json {
            guard isDue else { return }
            Console.out(
                JSONLine.encode([
                    "event": event, "percent": percent, "completedBytes": completedBytes, "expectedBytes": expectedBytes ?? NSNull(),
                    "bytesPerSecond": Int64(rate.bytesPerSecond)
                ]))
        } else if terminal {
            Console.write("\r" + line.bar + "\u{1B}[K")
            drawn = true
        } else if isDue {
            Console.out(line.summary)
        }
        lastPercent = max(lastPercent, percent)
    }

    /// Ends the bar's line so what follows starts on its own.
    mutating func end() {
        if drawn { Console.write("\n") }
        drawn = false
    }
}
