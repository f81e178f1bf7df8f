import Foundation
import Synchronization

/// The process's shared manager and the seed's class-level settings.
extension OfflineManager {
    private static let shared = Mutex<OfflineManager?>(nil)
    private static let thresholdMegabytes = Mutex<UInt>(500)

    /// Free space, in megabytes, below which active downloads suspend (and above which they
    /// resume). 500 by default.
    public static var minimumAvailableSpaceThreshold: UInt {
        get { thresholdMegabytes.withLock { $0 } }
        set { thresholdMegabytes.withLock { $0 = newValue } }
    }

    /// ``minimumAvailableSpaceThreshold`` in bytes.
    static var minimumAvailableBytes: Int64 { Int64(minimumAvailableSpaceThreshold) * 1_000_000 }

    /// Whether ``initializeOfflineManager()`` (or ``sharedInstance()``) has made the shared manager.
    public static var isOfflineManagerInitialized: Bool { shared.withLock { $0 != nil } }

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
        shared.withLock { shared in
            if let shared { return shared }
            let made = OfflineManager(
                dependencies: .standard(dataFolder: configuration.dataFolder),
                restrictMediaDownloadsToWiFi: configuration.restrictMediaDownloadsToWiFi)
            shared = made
            return made
        }
    }
}
