import Cryptography
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The files of packages on disk: written whole under a temporary name and renamed into place,
/// so a file at its final name is never half written; re-read for `verify`; measured for `usedBytes`.
package enum PackageFiles {
    /// The suffix of a file being written.
    package static let partialSuffix = ".part"

    /// Where the file at `path` of the package in `folder` is written before its rename: in the
    /// package's top folder, which holds a handful of entries, because creating a name in a
    /// folder of a thousand segments costs the file system far more (measured: the rename into
    /// place is then the only operation on the big folder, as curl's one create is).
    package static func partialURL(of path: String, in folder: URL) -> URL {
        URL(fileURLWithPath: partialPath(of: path, in: folder.path), isDirectory: false)
    }

    // Paths are joined as text: `URL.appendingPathComponent` stats the file to learn whether it
    // is a folder, a system call per file for nothing. The slashes are swapped byte by byte (a
    // `/` is never part of another UTF-8 character).
    private static func partialPath(of path: String, in folder: String) -> String {
        folder + "/" + String(decoding: path.utf8.map { $0 == UInt8(ascii: "/") ? UInt8(ascii: "_") : $0 }, as: UTF8.self)
            + partialSuffix
    }

    /// Writes `bytes` as `path` of the package in `folder`, through ``partialURL(of:in:)`` and a rename.
    /// - Throws: ``MediaDownloadFailure/insufficientSpace`` when the disk is full, `.storage` otherwise.
    package static func store(_ bytes: Data, as path: String, in folder: URL) throws(MediaDownloadFailure) {
        // `URL.path` decodes the URL's text anew at each call.
        let folderPath = folder.path
        let destination = folderPath + "/" + path
        let partial = partialPath(of: path, in: folderPath)
        let descriptor = open(partial, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw failure(errno, "cannot create \(partial)") }
        var written = 0
        let writeError: Int32? = bytes.withUnsafeBytes { buffer in
            while written < buffer.count {
                let result = write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                if result < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                // A write that takes nothing is a device that is full.
                if result == 0 { return ENOSPC }
                written += result
            }
            return nil
        }
        let closeError = close(descriptor) == 0 ? nil : errno
        if let code = writeError ?? closeError {
            unlink(partial)
            throw failure(code, "cannot write \(partial)")
        }
        guard rename(partial, destination) == 0 else {
            let code = errno
            unlink(partial)
            throw failure(code, "cannot rename \(partial)")
        }
    }

    /// The failure an `errno` stands for: a full disk or quota is ``MediaDownloadFailure/insufficientSpace``.
    package static func failure(_ code: Int32, _ context: String) -> MediaDownloadFailure {
        if code == ENOSPC || code == EDQUOT { return .insufficientSpace }
        return .storage("\(context): \(String(cString: strerror(code)))")
    }

    /// The length and SHA-256 of the file at `url`; nil when it cannot be read.
    package static func digest(of url: URL) -> IndexedFile.Completion? {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return nil }
        defer { try? handle.close() }
        let hasher = SHA256()
        var length: Int64 = 0
        while true {
            // `read` answers nil or empty data at the end of the file, depending on the platform.
            let chunk: Data
            do { chunk = try handle.read(upToCount: 1 << 20) ?? Data() } catch { return nil }
            if chunk.isEmpty { break }
            hasher.update(chunk)
            length += Int64(chunk.count)
        }
        return IndexedFile.Completion(length: length, sha256: hasher.finalize())
    }

    /// The bytes of every regular file under `folder` (0 when it does not exist); symbolic links
    /// are neither counted nor followed.
    ///
    /// `readdir` and one `fstatat` per entry: Foundation's resource values also look up each
    /// file's owner and group (reading /etc/passwd and /etc/group per file), seconds for a
    /// 6,750-file package, and its enumerator's path strings cost 40 ms more than this whole walk.
    package static func usedBytes(under folder: URL) -> Int64 { regularFileBytes(under: folder.path) }

    /// Where a `dirent` holds its name.
    private static let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!

    private static func regularFileBytes(under folder: String) -> Int64 {
        guard let directory = opendir(folder) else { return 0 }
        defer { closedir(directory) }
        var total: Int64 = 0
        var status = stat()
        while let entry = readdir(directory) {
            // Read in place: an entry is only as long as its name, and copying the whole
            // `d_name` array could read past the end of the directory's buffer.
            let name = String(cString: (UnsafeRawPointer(entry) + nameOffset).assumingMemoryBound(to: CChar.self))
            guard name != ".", name != "..", fstatat(dirfd(directory), name, &status, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
            switch status.st_mode & S_IFMT {
            case S_IFREG: total += Int64(status.st_size)
            case S_IFDIR: total += regularFileBytes(under: folder + "/" + name)
            default: continue
            }
        }
        return total
    }

    /// Creates `folder` and the folders below it that `paths` name.
    package static func createFolders(_ folder: URL, for paths: [String]) throws(MediaDownloadFailure) {
        let subfolders = Set(paths.compactMap { path in path.lastIndex(of: "/").map { String(path[..<$0]) } })
        for url in [folder] + subfolders.sorted().map({ folder.appendingPathComponent($0, isDirectory: true) }) {
            do { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) } catch {
                throw failure((error as NSError).code == NSFileWriteOutOfSpaceError ? ENOSPC : EIO, "cannot create \(url.path)")
            }
        }
    }

    /// Writes a playlist (small, written once at prepare).
    package static func writePlaylist(_ playlist: PlannedPlaylist, in folder: URL) throws(MediaDownloadFailure) {
        try store(Data(playlist.bytes), as: playlist.path, in: folder)
    }

    /// Removes `folder` and everything in it; a folder already gone is fine.
    package static func remove(_ folder: URL) throws(MediaDownloadFailure) {
        guard FileManager.default.fileExists(atPath: folder.path) else { return }
        do { try FileManager.default.removeItem(at: folder) } catch {
            throw .storage("cannot remove \(folder.path): \(error.localizedDescription)")
        }
    }
}
