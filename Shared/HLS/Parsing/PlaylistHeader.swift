/// The `#EXTM3U` line every playlist starts with.
enum PlaylistHeader {
    /// Consumes the first non-blank line and fails unless it is `#EXTM3U`.
    static func expect(in bytes: UnsafeBufferPointer<UInt8>, lines: inout LineScanner) throws(HLSParseError) {
        while let line = lines.next() {
            if line.isEmpty { continue }
            guard bytes.equals("#EXTM3U", from: line.start, to: line.end) else {
                throw HLSParseError(line: line.number, message: "A playlist must start with #EXTM3U.")
            }
            return
        }
        throw HLSParseError(line: max(1, lines.currentLineNumber), message: "The playlist is empty; it must start with #EXTM3U.")
    }
}
