import HLS
import Testing

/// Damaged input must give a parse error, never a crash, and whatever parses must write out
/// in a form that reads back to the same bytes.
@Suite("Parsers survive damaged input")
struct MutationTests {
    /// A small deterministic generator (SplitMix64) so failures reproduce.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var value = state
            value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
            value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
            return value ^ (value >> 31)
        }
    }

    /// Bytes worth splicing in: the characters the parsers treat specially.
    static let interesting = Array("#:,=\"\n\r.-x@ 0123456789ZT+".utf8) + [0xFF, 0xEF, 0xBB, 0xBF]

    static func mutate(_ original: [UInt8], using generator: inout Generator) -> [UInt8] {
        var bytes = original
        for _ in 0..<Int.random(in: 1...6, using: &generator) where !bytes.isEmpty {
            let index = Int.random(in: 0..<bytes.count, using: &generator)
            switch Int.random(in: 0..<4, using: &generator) {
            case 0: bytes[index] = interesting.randomElement(using: &generator)!
            case 1: bytes.remove(at: index)
            case 2: bytes.insert(interesting.randomElement(using: &generator)!, at: index)
            default: bytes.removeSubrange(index..<min(bytes.count, index + Int.random(in: 1...40, using: &generator)))
            }
        }
        return bytes
    }

    @Test("media playlists")
    func mediaPlaylists() throws {
        var generator = Generator(state: 1)
        let seeds = [PlaylistFixtures.liveWindowWithAdBreak(), PlaylistFixtures.vodWithDiscontinuities()].map(HLSWriter.bytes)
        var parsed = 0
        for round in 0..<3000 {
            let damaged = Self.mutate(seeds[round % seeds.count], using: &generator)
            guard let playlist = try? HLSParser.parseMedia(damaged) else { continue }
            parsed += 1
            _ = HLSValidator.validate(media: playlist, kind: .live)
            let written = HLSWriter.bytes(playlist)
            #expect(HLSWriter.bytes(try HLSParser.parseMedia(written)) == written, "round \(round)")
        }
        // Enough damaged inputs still parse for the round trip to mean something.
        #expect(parsed > 300)
    }

    @Test("multivariant playlists")
    func masterPlaylists() throws {
        var generator = Generator(state: 2)
        let seed = HLSWriter.bytes(PlaylistFixtures.master())
        var parsed = 0
        for round in 0..<2000 {
            let damaged = Self.mutate(seed, using: &generator)
            guard let playlist = try? HLSParser.parseMaster(damaged) else { continue }
            parsed += 1
            _ = HLSValidator.validate(master: playlist)
            let written = HLSWriter.bytes(playlist)
            #expect(HLSWriter.bytes(try HLSParser.parseMaster(written)) == written, "round \(round)")
        }
        #expect(parsed > 200)
    }

    @Test("sprite WebVTT")
    func sprites() throws {
        var generator = Generator(state: 3)
        let seed = SpriteVTT.bytes(
            SpriteTrack(
                cues: (0..<6).map {
                    SpriteCue(
                        identifier: $0 == 2 ? "c" : nil, startMilliseconds: Int64($0) * 5000, endMilliseconds: Int64($0 + 1) * 5000,
                        image: "s-\($0).jpg", region: SpriteRegion(x: $0 * 10, y: 0, width: 10, height: 10))
                }))
        var parsed = 0
        for round in 0..<2000 {
            let damaged = Self.mutate(seed, using: &generator)
            guard let track = try? SpriteVTT.parse(damaged) else { continue }
            parsed += 1
            let written = SpriteVTT.bytes(track)
            #expect(SpriteVTT.bytes(try SpriteVTT.parse(written)) == written, "round \(round)")
        }
        #expect(parsed > 200)
    }
}
