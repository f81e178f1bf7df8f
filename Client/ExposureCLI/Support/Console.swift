import Foundation

/// Standard output and error, written unbuffered: `exposure play` prints a timeline as it
/// happens, and a buffered line would arrive late (or never, when the process is interrupted).
enum Console {
    static func out(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    static func err(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
