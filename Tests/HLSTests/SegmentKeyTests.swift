import HLS
import Testing

@Suite struct SegmentKeyTests {
    @Test func readsAndWritesTheAES128Tag() throws {
        let line = #"#EXT-X-KEY:METHOD=AES-128,URI="/keys/a.0?token=t",IV=0x000102030405060708090A0B0C0D0E0F"#
        let key = try SegmentKey(line: line)
        #expect(key.method == .aes128 && key.uri == "/keys/a.0?token=t" && key.iv == Array(0..<16))
        #expect(key.line() == line)
        #expect(key.line(session: true).hasPrefix("#EXT-X-SESSION-KEY:METHOD=AES-128,"))
    }

    /// RFC 8216 §5.2: without IV the media sequence number, big-endian in 16 bytes, is the IV.
    @Test func theMediaSequenceNumberIsTheIVWhenNoneIsGiven() throws {
        let key = try SegmentKey(line: #"#EXT-X-KEY:METHOD=AES-128,URI="k""#)
        #expect(key.iv(forMediaSequence: 0x0102) == Array(repeating: 0, count: 14) + [1, 2])
        #expect(
            SegmentKey(method: .aes128, uri: "k", iv: Array(repeating: 9, count: 16)).iv(forMediaSequence: 5)
                == Array(repeating: 9, count: 16))
    }

    @Test(arguments: [
        #"#EXT-X-KEY:URI="k""#,
        #"#EXT-X-KEY:METHOD=AES-256,URI="k""#,
        #"#EXT-X-KEY:METHOD=AES-128"#,
        #"#EXT-X-KEY:METHOD=AES-128,URI="""#,
        #"#EXT-X-KEY:METHOD=NONE,URI="k""#,
        #"#EXT-X-KEY:METHOD=AES-128,URI="k",IV=0x0102"#,
        #"#EXT-X-KEY:METHOD=AES-128,URI="k",IV=000102030405060708090A0B0C0D0E0F"#,
        #"#EXT-X-KEY:METHOD=AES-128,URI="k",IV=0xZZ0102030405060708090A0B0C0D0E0F"#,
        #"#EXT-X-KEY:METHOD=AES-128,URI="k"#
    ])
    func malformedTagsAreParseErrors(_ line: String) {
        #expect(throws: HLSParseError.self) { try SegmentKey(line: line) }
    }
}
