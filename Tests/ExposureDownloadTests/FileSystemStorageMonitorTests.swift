import ExposureDownload
import ExposurePlayback
import Foundation
import Testing

/// The default storage monitor reads the file system's free space, also for a folder that does not exist yet.
@Suite struct FileSystemStorageMonitorTests {
    @Test func readsTheFreeSpaceOfTheFileSystemHoldingTheFolder() throws {
        let folder = FileManager.default.temporaryDirectory
        let free = FileSystemStorageMonitor(folder: folder, clock: VirtualClock(start: WallTime(millisecondsSince1970: 0))).availableBytes
        let attributes = try FileManager.default.attributesOfFileSystem(forPath: folder.path)
        let reported = try #require((attributes[.systemFreeSize] as? NSNumber)?.int64Value)
        #expect(free > 0 && free < .max)
        // Other processes write meanwhile: the two readings agree to within a gigabyte.
        #expect(abs(free - reported) < 1_000_000_000, "statvfs \(free), Foundation \(reported)")
    }

    @Test func aFolderNotYetMadeIsMeasuredOnItsNearestParent() {
        let parent = FileManager.default.temporaryDirectory
        let missing = parent.appendingPathComponent("not-made-\(UUID().uuidString)/downloads")
        let free = FileSystemStorageMonitor(folder: missing, clock: VirtualClock(start: WallTime(millisecondsSince1970: 0))).availableBytes
        #expect(free > 0 && free < .max)
    }
}
