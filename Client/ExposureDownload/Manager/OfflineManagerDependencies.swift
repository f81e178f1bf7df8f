import Clocks
import Exposure
import ExposureAnalytics
import Foundation

/// Everything the manager reads from the world, so tests can switch Wi-Fi off, fill the disk,
/// move time and script the downloader.
public struct OfflineManagerDependencies: Sendable {
    /// Makes the media downloader over the manager's `media` folder, transport and clock.
    public typealias DownloaderFactory =
        @Sendable (_ folder: URL, _ transport: any HTTPTransport, _ clock: any WallClock)
        throws(MediaDownloadFailure) -> any MediaDownloading

    /// Where `offline.sqlite` and the downloader's `media/` folder live.
    public var dataFolder: URL
    /// What carries the backend calls (and the downloader's fetches).
    public var transport: any HTTPTransport
    /// License expiry, report backoff and storage polling run on it.
    public var clock: any WallClock
    /// Which network the device is on.
    public var network: any NetworkMonitoring
    /// How much space is free.
    public var storage: any StorageMonitoring
    /// Sent as `deviceMake`/`deviceModel` with the download entitlement.
    public var device: DeviceInfo
    /// Makes the media downloader.
    public var makeDownloader: DownloaderFactory

    /// A set of dependencies.
    public init(
        dataFolder: URL, transport: any HTTPTransport, clock: any WallClock, network: any NetworkMonitoring,
        storage: any StorageMonitoring, device: DeviceInfo = .current, makeDownloader: @escaping DownloaderFactory
    ) {
        self.dataFolder = dataFolder
        self.transport = transport
        self.clock = clock
        self.network = network
        self.storage = storage
        self.device = device
        self.makeDownloader = makeDownloader
    }

    /// The app's defaults: the user's data folder (or `folder`), the platform transport, real
    /// time, an unmetered network, the file system's free space and ``standardDownloader``.
    public static func standard(dataFolder folder: URL? = nil) -> OfflineManagerDependencies {
        let folder = folder ?? defaultDataFolder
        let clock = RealClock()
        return OfflineManagerDependencies(
            dataFolder: folder, transport: AutomaticTransport.shared, clock: clock, network: UnmeteredNetworkMonitor(),
            storage: FileSystemStorageMonitor(folder: folder, clock: clock), makeDownloader: standardDownloader)
    }

    /// The downloader ``standard(dataFolder:)`` uses: ``MediaDownloader`` with four requests in
    /// flight, learning the files' sizes as they arrive (the manager sizes a download by the
    /// backend's estimate, so a HEAD request per file before the first byte would only delay it).
    public static let standardDownloader: DownloaderFactory = { folder, transport, clock throws(MediaDownloadFailure) in
        try MediaDownloader(folder: folder, transport: transport, clock: clock, sizesBeforeFetching: false)
    }

    /// `downloads` in the SDK's ``DataFolder``, beside the analytics outbox: `$XDG_DATA_HOME/exposure/downloads`
    /// (else `$HOME/.local/share/exposure/downloads`) on Linux, the application support folder elsewhere.
    public static var defaultDataFolder: URL {
        DataFolder.standard.appendingPathComponent("downloads")
    }
}
