import Foundation

/// One `exposure` process at a time works on the download folder: the offline manager restores
/// what it finds there (a Downloading item becomes Suspended), which must not happen under a
/// process that is still downloading. The lock file names the holder, so
/// `exposure download suspend` can interrupt it.
final class DownloadFolderLock {
    private let descriptor: Int32

    /// Takes the lock for this process downloading `assetId`, or explains who holds it.
    init(folder: URL, assetId: String) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = Self.path(in: folder)
        descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw CLIError("cannot open \(path): \(String(cString: strerror(errno)))") }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let holder = Self.holder(folder: folder)
            close(descriptor)
            throw CLIError(
                "another exposure process (\(holder.map { "pid \($0.pid), \($0.assetId)" } ?? "unknown")) is working on the downloads; "
                    + "wait for it, or stop it with `exposure download suspend \(holder?.assetId ?? "ASSET_ID")`")
        }
        let line = Data("\(getpid()) \(assetId)\n".utf8)
        ftruncate(descriptor, 0)
        _ = line.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
    }

    deinit {
        ftruncate(descriptor, 0)
        close(descriptor)
    }

    /// The process holding the lock and what it downloads; nil when nobody holds it.
    static func holder(folder: URL) -> (pid: pid_t, assetId: String)? {
        let path = path(in: folder)
        let probe = open(path, O_RDONLY | O_CLOEXEC)
        guard probe >= 0 else { return nil }
        defer { close(probe) }
        if flock(probe, LOCK_SH | LOCK_NB) == 0 {
            flock(probe, LOCK_UN)
            return nil
        }
        let words = ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: " ", maxSplits: 1)
        guard words.count == 2, let pid = pid_t(words[0]) else { return nil }
        return (pid, words[1].trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Blocks until the holder lets go (it exits once its download is suspended).
    static func waitUntilFree(folder: URL) {
        let probe = open(path(in: folder), O_RDONLY | O_CLOEXEC)
        guard probe >= 0 else { return }
        flock(probe, LOCK_SH)
        close(probe)
    }

    private static func path(in folder: URL) -> String { folder.appendingPathComponent("cli.lock").path }
}
