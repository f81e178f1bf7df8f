import Foundation
import Testing

@testable import MockPlatform

/// Only plain relative paths inside the media folder are served, however they are spelled.
@Suite struct MediaFileStoreTests {
    @Test(arguments: [
        "", "/", "/etc/passwd", "..", ".", "../catalog/users.json", "reel/../../catalog/users.json", "reel/..",
        "./reel/360p/seg-000.ts", "reel/./360p/seg-000.ts", "reel//360p/seg-000.ts", "reel/360p/", "/reel/360p/seg-000.ts",
        "%2e%2e/catalog/users.json", "%2E%2E/catalog/users.json", "reel/%2e%2e/x", "%2e/x", "reel\\..\\x", "..\\catalog",
        "reel/360p/seg-000.ts\u{0}.jpg"
    ])
    func refuses(path: String) {
        #expect(!MediaFileStore.isSafe(path), "\(path.debugDescription) must be refused")
    }

    @Test(arguments: ["media.json", "reel/360p/seg-000.ts", "sprites/160/sheet-0.jpg", "a...b", "x..y/z"])
    func accepts(path: String) {
        #expect(MediaFileStore.isSafe(path))
    }

    @Test func servesFilesOnlyInsideTheRoot() throws {
        let store = MediaFileStore(root: FixtureLoader.bundledDirectory.appendingPathComponent("media"))
        #expect(store.file(at: "media.json") != nil)
        #expect(store.file(at: "../catalog/users.json") == nil)
        #expect(store.file(at: "sprites") == nil, "a directory is not a file")
        #expect(store.file(at: "no-such-file.ts") == nil)
    }

    /// Fixture sets share media through symbolic links; a link is served when it leads to a
    /// regular file, and a FIFO or a device (which would never end) is not read at all.
    @Test func followsLinksToRegularFilesOnly() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("media-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let shared = FixtureLoader.bundledDirectory.appendingPathComponent("media/media.json")
        try FileManager.default.createSymbolicLink(at: root.appendingPathComponent("linked.json"), withDestinationURL: shared)
        try FileManager.default.createSymbolicLink(
            at: root.appendingPathComponent("zero.ts"), withDestinationURL: URL(fileURLWithPath: "/dev/zero"))
        #expect(mkfifo(root.appendingPathComponent("fifo.ts").path, 0o600) == 0)
        let store = MediaFileStore(root: root)
        #expect(store.file(at: "linked.json") == (try Data(contentsOf: shared)))
        #expect(store.file(at: "zero.ts") == nil)
        #expect(store.file(at: "fifo.ts") == nil)
    }

    @Test(arguments: [
        ("a/seg.ts", "video/mp2t"), ("a/seg.aac", "audio/aac"), ("a/x.mp3", "audio/mpeg"), ("a/x.vtt", "text/vtt; charset=utf-8"),
        ("a/x.jpg", "image/jpeg"), ("a/x.JPEG", "image/jpeg"), ("a/x.m3u8", "application/vnd.apple.mpegurl"),
        ("media.json", "application/json"), ("a/x.bin", "application/octet-stream")
    ])
    func contentTypes(path: String, type: String) {
        #expect(MediaFileStore.contentType(of: path) == type)
    }
}
