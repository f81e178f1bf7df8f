import Foundation
import MockPlatform
import TestSupport
import Testing

/// Where a built, copied or installed `exposure-mock` finds the fixtures it ships with: never
/// through a path compiled into it.
@Suite struct BundledFixturesTests {
    @Test func candidatesAreNextToTheBinaryThenInShareThenInTheWorkingDirectory() {
        let candidates = BundledFixtures.candidates(
            executable: URL(fileURLWithPath: "/opt/tools/bin/exposure-mock"), workingDirectory: URL(fileURLWithPath: "/home/me/app"))
        #expect(candidates.map(\.path) == ["/opt/tools/bin/Fixtures", "/opt/tools/share/exposure-mock/Fixtures", "/home/me/app/Fixtures"])
    }

    @Test func anInstalledLayoutIsFoundThroughASymlinkToTheBinary() throws {
        let folder = TemporaryFolder("bundled-fixtures")
        let prefix = folder.url.appendingPathComponent("prefix")
        let files = FileManager.default
        try files.createDirectory(at: prefix.appendingPathComponent("bin"), withIntermediateDirectories: true)
        try files.createDirectory(
            at: prefix.appendingPathComponent("share/exposure-mock/Fixtures/catalog"), withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: prefix.appendingPathComponent("share/exposure-mock/Fixtures/catalog/platform.json"))
        let binary = prefix.appendingPathComponent("bin/exposure-mock")
        try Data().write(to: binary)
        let elsewhere = folder.url.appendingPathComponent("elsewhere")
        try files.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        let link = elsewhere.appendingPathComponent("exposure-mock")
        try files.createSymbolicLink(at: link, withDestinationURL: binary)

        let found = BundledFixtures.find(executable: link, workingDirectory: elsewhere)
        #expect(
            found?.resolvingSymlinksInPath().path
                == prefix.appendingPathComponent("share/exposure-mock/Fixtures").resolvingSymlinksInPath().path)
        #expect(BundledFixtures.find(executable: elsewhere.appendingPathComponent("x"), workingDirectory: elsewhere) == nil)
    }

    @Test func testsFindTheRepositorysFixturesInTheWorkingDirectory() {
        #expect(BundledFixtures.directory?.path == FileManager.default.currentDirectoryPath + "/Fixtures")
    }
}
