import Clocks
import Foundation

/// Tells the manager how much space is free where downloads are stored.
public protocol StorageMonitoring: Sendable {
    /// Free bytes now.
    var availableBytes: Int64 { get }
    /// Free bytes whenever they are measured again, for one consumer (the manager).
    var availableBytesUpdates: AsyncStream<Int64> { get }
}

/// The default monitor: the file system's free space at a folder, measured every `interval` of the clock.
public struct FileSystemStorageMonitor: StorageMonitoring {
    private let folder: URL
    private let clock: any WallClock
    private let interval: Duration

    /// A monitor of the file system holding `folder`, measured every `interval` of `clock`.
    public init(folder: URL, clock: any WallClock, interval: Duration = .seconds(10)) {
        self.folder = folder
        self.clock = clock
        self.interval = interval
    }

    /// A monitor measuring every `intervalMs` milliseconds.
    @available(*, deprecated, renamed: "init(folder:clock:interval:)", message: "give the interval as a Duration")
    public init(folder: URL, clock: any WallClock, intervalMs: Int64) {
        self.init(folder: folder, clock: clock, interval: .milliseconds(intervalMs))
    }

    /// Free bytes for an unprivileged user; `Int64.max` when the file system will not say (so nothing suspends for it).
    ///
    /// Read after every completed file, so it is one `statvfs` call rather than Foundation's
    /// attribute dictionary. The folder may not exist yet: its nearest existing parent is asked.
    public var availableBytes: Int64 {
        var status = statvfs()
        var path = folder
        while statvfs(path.path, &status) != 0 {
            guard errno == ENOENT, path.pathComponents.count > 1 else { return .max }
            path.deleteLastPathComponent()
        }
        let (blocks, size) = (Int64(clamping: status.f_bavail), Int64(clamping: status.f_frsize))
        return blocks.multipliedReportingOverflow(by: size).overflow ? .max : blocks * size
    }

    /// A measurement every interval, until the consumer stops listening.
    public var availableBytesUpdates: AsyncStream<Int64> {
        let monitor = self
        return AsyncStream { continuation in
            let task = Task {
                while !Task.isCancelled {
                    do { try await monitor.clock.sleep(until: monitor.clock.now + monitor.interval, tolerance: nil) } catch { break }
                    continuation.yield(monitor.availableBytes)
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
