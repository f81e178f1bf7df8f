import Foundation

/// Bytes per second over the last few seconds: an exponentially weighted average of what each
/// update brought, so a progress bar's rate and ETA settle instead of jumping with every file.
struct TransferRate {
    private var lastBytes: Int64?
    private var lastSeconds: Double = 0
    /// The current estimate; 0 until two updates are apart in time.
    private(set) var bytesPerSecond: Double = 0

    /// Takes the bytes done so far at `seconds` since the start.
    mutating func record(bytes: Int64, atSeconds seconds: Double) {
        defer { (lastBytes, lastSeconds) = (bytes, seconds) }
        guard let lastBytes, seconds > lastSeconds else { return }
        let instant = Double(bytes - lastBytes) / (seconds - lastSeconds)
        // A time constant of one second: the last three seconds carry 95% of the estimate.
        let weight = 1 - exp(-(seconds - lastSeconds))
        bytesPerSecond = bytesPerSecond == 0 ? instant : bytesPerSecond + weight * (instant - bytesPerSecond)
    }
}
