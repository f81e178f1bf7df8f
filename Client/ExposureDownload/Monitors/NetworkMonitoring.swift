/// The kind of network the device is on, as far as the Wi-Fi rule cares.
public enum NetworkPath: String, Sendable, Hashable {
    /// Wi-Fi or a wired network: not metered.
    case wifi
    /// A cellular (metered) network: downloads wait when ``OfflineManager/restrictMediaDownloadsToWiFi`` is set.
    case cellular
    /// No network: downloads wait.
    case offline
}

/// Tells the manager which network the device is on and when that changes.
public protocol NetworkMonitoring: Sendable {
    /// The network now.
    var currentPath: NetworkPath { get }
    /// Every change, for one consumer (the manager).
    var pathUpdates: AsyncStream<NetworkPath> { get }
}

/// The default monitor: Linux has no portable notion of a metered network, so it reports Wi-Fi
/// and never changes; apps that know better inject their own monitor.
public struct UnmeteredNetworkMonitor: NetworkMonitoring {
    /// A monitor.
    public init() {}
    /// Always ``NetworkPath/wifi``.
    public var currentPath: NetworkPath { .wifi }
    /// A stream that never yields.
    public var pathUpdates: AsyncStream<NetworkPath> { AsyncStream { _ in } }
}
