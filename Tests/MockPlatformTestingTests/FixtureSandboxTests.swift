import ExposureModels
import Foundation
import MockPlatformTesting
import Testing

/// A sandbox links the original's media instead of copying it, whole folders at a time, yet no
/// change made through it reaches the original, and dropping it leaves the original whole.
@Suite struct FixtureSandboxTests {
    let original = FixtureLoader.bundledDirectory

    @Test func writingRemovingAndEditingInALinkedFolderLeaveTheOriginalAlone() throws {
        let segment = "media/reel/video/360p/seg-000.ts"
        let sibling = "media/reel/video/360p/seg-001.ts"
        let removed = "media/reel/audio/en/seg-000.ts"
        let before = try [segment, sibling, removed].map { try Data(contentsOf: original.appendingPathComponent($0)) }
        do {
            let sandbox = try FixtureSandbox()
            try sandbox.write(segment, "changed")
            try sandbox.remove(removed)
            try sandbox.write("media/reel/video/extra.json", "{}")
            try sandbox.editJSON("media/reel/video/extra.json") { $0 = .object(["edited": .bool(true)]) }
            #expect(try String(contentsOf: sandbox.url(of: segment), encoding: .utf8) == "changed")
            #expect(try Data(contentsOf: sandbox.url(of: sibling)) == before[1], "the rest of the folder is still there")
            #expect(!FileManager.default.fileExists(atPath: sandbox.url(of: removed).path))
        }
        let after = try [segment, sibling, removed].map { try Data(contentsOf: original.appendingPathComponent($0)) }
        #expect(after == before, "neither the changes nor the sandbox's deletion reached the original")
        #expect(!FileManager.default.fileExists(atPath: original.appendingPathComponent("media/reel/video/extra.json").path))
    }

    @Test func aSandboxServesWhatTheOriginalHolds() throws {
        let sandbox = try FixtureSandbox()
        for file in ["catalog/assets.json", "media/media.json", "media/reel/video/360p/seg-000.ts"] {
            #expect(try Data(contentsOf: sandbox.url(of: file)) == Data(contentsOf: original.appendingPathComponent(file)), "\(file)")
        }
    }
}
