import ExposureDownload
import Foundation
import TestSupport
import Testing

@Suite struct PackageFilesTests {
    /// Regular files at any depth count, hidden ones too; symbolic links are neither counted nor followed.
    @Test func usedBytesAddsTheRegularFilesUnderTheFolder() throws {
        let temporary = TemporaryFolder("package-files")
        let folder = temporary.url.appendingPathComponent("package")
        let outside = temporary.url.appendingPathComponent("outside")
        for subfolder in ["video/360p", "audio", "empty"] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent(subfolder), withIntermediateDirectories: true)
        }
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try Data(count: 1_000).write(to: outside.appendingPathComponent("big.ts"))
        try Data(count: 10).write(to: folder.appendingPathComponent("master.m3u8"))
        try Data(count: 200).write(to: folder.appendingPathComponent("video/360p/seg-001.ts"))
        try Data(count: 30).write(to: folder.appendingPathComponent("audio/seg-001.aac"))
        try Data(count: 4).write(to: folder.appendingPathComponent(".hidden.part"))
        try FileManager.default.createSymbolicLink(
            at: folder.appendingPathComponent("linked-file.ts"), withDestinationURL: outside.appendingPathComponent("big.ts"))
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("linked-folder"), withDestinationURL: outside)
        #expect(PackageFiles.usedBytes(under: folder) == 10 + 200 + 30 + 4)
    }

    /// Thousands of entries of every name length: `readdir` hands them out of buffers ending
    /// anywhere, and each name is read in place (a copy of the whole name array once read past
    /// the end of one: a crash in the bench's 6,750-file package).
    @Test func usedBytesReadsEveryEntryOfALargeFolder() throws {
        let temporary = TemporaryFolder("package-files")
        let folder = temporary.url
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var expected = 0
        for index in 0..<3_000 {
            let name = String(repeating: "n", count: 1 + index % 200) + "-\(index)"
            try Data(count: index % 7).write(to: folder.appendingPathComponent(name))
            expected += index % 7
        }
        #expect(PackageFiles.usedBytes(under: folder) == Int64(expected))
    }

    @Test func usedBytesOfAMissingFolderIsZero() {
        let temporary = TemporaryFolder("package-files")
        #expect(PackageFiles.usedBytes(under: temporary.url.appendingPathComponent("nothing-here")) == 0)
    }

    /// The body lands at its path under the folder, and nothing is left under a temporary name.
    @Test func storeWritesTheFileAndLeavesNoPartialOne() throws {
        let temporary = TemporaryFolder("package-files")
        let folder = temporary.url
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("video/360p"), withIntermediateDirectories: true)
        let bytes = Data((0..<5_000).map { UInt8(truncatingIfNeeded: $0) })
        try PackageFiles.store(bytes, as: "video/360p/seg-001.ts", in: folder)
        #expect(try Data(contentsOf: folder.appendingPathComponent("video/360p/seg-001.ts")) == bytes)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["video"])
        #expect(PackageFiles.partialURL(of: "video/360p/seg-001.ts", in: folder).lastPathComponent == "video_360p_seg-001.ts.part")
    }
}
