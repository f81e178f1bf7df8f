import Exposure
import Foundation
import Testing

#if os(Linux)
/// The SDK's data folder on Linux: `$XDG_DATA_HOME/exposure`, else `$HOME/.local/share/exposure`.
@Suite struct DataFolderTests {
    @Test func xdgDataHomeComesFirst() {
        let folder = DataFolder.standard(variables: ["XDG_DATA_HOME": "/data", "HOME": "/home/someone"])
        #expect(folder.path == "/data/exposure")
    }

    @Test(arguments: [["HOME": "/home/someone"], ["XDG_DATA_HOME": "", "HOME": "/home/someone"]])
    func elseTheProcessHome(_ variables: [String: String]) {
        #expect(DataFolder.standard(variables: variables).path == "/home/someone/.local/share/exposure")
    }
}
#endif
