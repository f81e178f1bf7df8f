import Clocks
import HLS
import Testing

@testable import MockPlatform

/// SCTE-35 cues are real `splice_info_section`s: the CRC is CRC-32/MPEG-2 and every field
/// decodes back (with a decoder written here from the spec, independent of the encoder).
@Suite struct SCTE35Tests {
    @Test func crcOfTheStandardCheckVector() {
        // The catalogued check value of CRC-32/MPEG-2 over "123456789".
        #expect(MPEG2CRC32.checksum(Array("123456789".utf8)) == 0x0376_E6E7)
        #expect(MPEG2CRC32.checksum([]) == 0xFFFF_FFFF)
    }

    @Test func spliceOutDecodes() throws {
        let atMs: Int64 = 1_796_040_600_000
        let bytes = SCTE35.spliceOut(eventId: 1_796_040_600, at: WallTime(millisecondsSince1970: atMs), duration: .milliseconds(10_000))
        let cue = try SpliceInfoDecoder.decode(bytes)
        #expect(cue.tableId == 0xFC)
        #expect(cue.sectionLength == bytes.count - 3)
        #expect(cue.commandType == 5)
        // 14 header bytes before the command, the descriptor loop length and the CRC after it.
        #expect(cue.commandLength == bytes.count - 14 - 2 - 4)
        #expect(cue.eventId == 1_796_040_600)
        #expect(cue.cancel == false)
        #expect(cue.outOfNetwork == true)
        #expect(cue.programSplice == true)
        #expect(cue.spliceImmediate == false)
        #expect(cue.ptsTime == UInt64(atMs * 90) & 0x1_FFFF_FFFF)
        #expect(cue.autoReturn == true)
        #expect(cue.breakDuration == 900_000)
        #expect(cue.descriptorLoopLength == 0)
        #expect(cue.crcMatches)
    }

    @Test func spliceInDecodes() throws {
        let bytes = SCTE35.spliceIn(eventId: 42, at: WallTime(millisecondsSince1970: 10_000))
        let cue = try SpliceInfoDecoder.decode(bytes)
        #expect(cue.eventId == 42)
        #expect(cue.outOfNetwork == false)
        #expect(cue.breakDuration == nil)
        #expect(cue.ptsTime == 900_000)
        #expect(cue.crcMatches)
    }

    @Test func aFlippedBitBreaksTheCRC() throws {
        var bytes = SCTE35.spliceIn(eventId: 42, at: WallTime(millisecondsSince1970: 10_000))
        bytes[20] ^= 0x01
        #expect(try SpliceInfoDecoder.decode(bytes).crcMatches == false)
    }

    /// Instants before 1970 and past the PTS range wrap modulo 2³³ instead of trapping (a catch-up
    /// program of year 0000 once ended the process in this writer).
    @Test(arguments: [(Int64(-1), UInt64(0x1_FFFF_FFFF - 89)), (0, 0), (Int64.max, UInt64(bitPattern: Int64.max &* 90) & 0x1_FFFF_FFFF)])
    func ticksWrapAnyInstant(ms: Int64, ticks: UInt64) throws {
        #expect(SCTE35.ticks(.milliseconds(ms)) == ticks)
        #expect(
            try SpliceInfoDecoder.decode(
                SCTE35.spliceOut(eventId: 1, at: WallTime(millisecondsSince1970: ms), duration: .milliseconds(10_000))
            ).ptsTime == ticks)
    }
}

/// A minimal SCTE-35 (2022) `splice_info_section` reader for `splice_insert`, for tests.
struct SpliceInfoDecoder {
    struct Cue {
        var tableId = 0, sectionLength = 0, commandLength = 0, commandType = 0
        var eventId: UInt32 = 0
        var cancel = false, outOfNetwork = false, programSplice = false, spliceImmediate = false
        var ptsTime: UInt64?
        var autoReturn: Bool?
        var breakDuration: UInt64?
        var descriptorLoopLength = 0
        var crcMatches = false
    }

    struct Truncated: Error {}

    private let bytes: [UInt8]
    private var bit = 0

    private init(_ bytes: [UInt8]) { self.bytes = bytes }

    private mutating func read(_ count: Int) throws -> UInt64 {
        var value: UInt64 = 0
        for _ in 0..<count {
            guard bit / 8 < bytes.count else { throw Truncated() }
            value = value << 1 | UInt64(bytes[bit / 8] >> (7 - UInt8(bit % 8)) & 1)
            bit += 1
        }
        return value
    }

    static func decode(_ bytes: [UInt8]) throws -> Cue {
        var reader = SpliceInfoDecoder(bytes)
        var cue = Cue()
        cue.tableId = Int(try reader.read(8))
        _ = try reader.read(4)  // section_syntax_indicator, private_indicator, sap_type
        cue.sectionLength = Int(try reader.read(12))
        _ = try reader.read(8 + 1 + 6 + 33 + 8 + 12)  // protocol_version … tier
        cue.commandLength = Int(try reader.read(12))
        cue.commandType = Int(try reader.read(8))
        let commandStart = reader.bit / 8
        if cue.commandType == 5 {
            cue.eventId = UInt32(try reader.read(32))
            cue.cancel = try reader.read(1) == 1
            _ = try reader.read(7)
            cue.outOfNetwork = try reader.read(1) == 1
            cue.programSplice = try reader.read(1) == 1
            let hasDuration = try reader.read(1) == 1
            cue.spliceImmediate = try reader.read(1) == 1
            _ = try reader.read(4)
            if cue.programSplice, !cue.spliceImmediate {
                if try reader.read(1) == 1 {
                    _ = try reader.read(6)
                    cue.ptsTime = try reader.read(33)
                } else {
                    _ = try reader.read(7)
                }
            }
            if hasDuration {
                cue.autoReturn = try reader.read(1) == 1
                _ = try reader.read(6)
                cue.breakDuration = try reader.read(33)
            }
            _ = try reader.read(16 + 8 + 8)  // unique_program_id, avail_num, avails_expected
        }
        #expect(reader.bit / 8 - commandStart == cue.commandLength, "splice_command_length matches the command")
        cue.descriptorLoopLength = Int(try reader.read(16))
        _ = try reader.read(8 * cue.descriptorLoopLength)
        let crcOffset = reader.bit / 8
        let crc = UInt32(try reader.read(32))
        #expect(reader.bit / 8 == bytes.count, "the section ends with the CRC")
        cue.crcMatches = MPEG2CRC32.checksum(Array(bytes[..<crcOffset])) == crc && MPEG2CRC32.checksum(bytes) == 0
        return cue
    }
}
