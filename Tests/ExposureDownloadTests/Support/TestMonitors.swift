import ExposureDownload
import Synchronization

/// A network the test switches.
final class TestNetwork: NetworkMonitoring {
    private let path: Mutex<NetworkPath>
    private let sink: AsyncStream<NetworkPath>.Continuation
    let pathUpdates: AsyncStream<NetworkPath>

    init(_ path: NetworkPath = .wifi) {
        self.path = Mutex(path)
        (pathUpdates, sink) = AsyncStream.makeStream(of: NetworkPath.self)
    }

    var currentPath: NetworkPath { path.withLock { $0 } }

    func set(_ newPath: NetworkPath) {
        path.withLock { $0 = newPath }
        sink.yield(newPath)
    }
}

/// A disk the test fills and empties.
final class TestStorage: StorageMonitoring {
    private let bytes: Mutex<Int64>
    private let sink: AsyncStream<Int64>.Continuation
    let availableBytesUpdates: AsyncStream<Int64>

    static let plenty: Int64 = 100_000_000_000
    static let nearlyFull: Int64 = 100_000_000

    init(_ bytes: Int64 = plenty) {
        self.bytes = Mutex(bytes)
        (availableBytesUpdates, sink) = AsyncStream.makeStream(of: Int64.self)
    }

    var availableBytes: Int64 { bytes.withLock { $0 } }

    func set(_ newBytes: Int64) {
        bytes.withLock { $0 = newBytes }
        sink.yield(newBytes)
    }
}
