import Foundation
import Synchronization

/// The process's shared manager and the seed's class-level settings.
extension OfflineManager {
    /// The process-wide settings, one value behind one lock.
    private struct ProcessWide {
        var manager: OfflineManager?
        var thresholdMegabytes: UInt = 500
    }

    private static let processWide = Mutex(ProcessWide())

    /// Free space, in megabytes, below which active downloads suspend (and above which they
    /// resume). 500 by default.
    public static var minimumAvailableSpaceThreshold: UInt {
        get { processWide.withLock { $0.thresholdMegabytes } }
        set { processWide.withLock { $0.thresholdMegabytes = newValue } }
    }

    /// ``minimumAvailableSpaceThreshold`` in bytes.
    static var minimumAvailableBytes: Int64 { Int64(minimumAvailableSpaceThreshold) * 1_000_000 }

    /// Whether ``initializeOfflineManager()`` (or ``sharedInstance()``) has made the shared manager.
    public static var isOfflineManagerInitialized: Bool { processWide.withLock { $0.manager != nil } }

    /// Makes the shared manager with the app's defaults; does nothing once it exists.
    public static func initializeOfflineManager() {
        initializeOfflineManager(offlineConfiguration: OfflineConfiguration())
    }

    /// Makes the shared manager with `offlineConfiguration`; does nothing once it exists.
    public static func initializeOfflineManager(offlineConfiguration: OfflineConfiguration) {
        _ = sharedInstance(madeWith: offlineConfiguration)
    }

    /// The shared manager, made with the app's defaults if ``initializeOfflineManager()`` was not called.
    public static func sharedInstance() -> OfflineManager {
        sharedInstance(madeWith: OfflineConfiguration())
    }

    private static func sharedInstance(madeWith configuration: OfflineConfiguration) -> OfflineManager {
        // Made under the lock, so two first callers get one manager. Its initializer must not
        // read ``minimumAvailableSpaceThreshold`` (the same lock): it reads it only in its tasks.
        processWide.withLock { processWide in
            if let manager = processWide.manager { return manager }
            let made = OfflineManager(
                dependencies: .standard(dataFolder: configuration.dataFolder),
                restrictMediaDownloadsToWiFi: configuration.restrictMediaDownloadsToWiFi)
            processWide.manager = made
            return made
        }
    }
}
