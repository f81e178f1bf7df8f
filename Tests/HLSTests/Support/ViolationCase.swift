import HLS
import Testing

/// A broken input and the rule it must trip, for table-driven validator tests.
struct ViolationCase: Sendable, CustomTestStringConvertible {
    var rule: HLSRule
    var situation: String
    /// The line the violation must name, when the input is text.
    var line: Int?
    var validate: @Sendable () -> [HLSViolation]

    var testDescription: String { "\(rule.id): \(situation)" }

    /// Runs the check and records an issue unless `rule` is among the violations.
    func expectViolation(sourceLocation: SourceLocation = #_sourceLocation) {
        let violations = validate()
        let matching = violations.filter { $0.rule == rule }
        #expect(!matching.isEmpty, "expected \(rule.id), got \(violations)", sourceLocation: sourceLocation)
        if let line {
            #expect(matching.contains { $0.location.line == line }, "expected line \(line) in \(matching)", sourceLocation: sourceLocation)
        }
    }
}

/// Small playlist texts for validator tests.
enum PlaylistText {
    /// `count` 6-second segments from media sequence 0, each with PROGRAM-DATE-TIME
    /// (three lines per segment).
    static func segments(_ count: Int, from first: Int = 0) -> String {
        (first..<first + count).map { sequence in
            "#EXT-X-PROGRAM-DATE-TIME:\(PlaylistFixtures.epoch.adding(.seconds(Int64(sequence * 6))))\n#EXTINF:6.000,\nseg-\(sequence).ts\n"
        }.joined()
    }

    /// A live playlist: `#EXTM3U`, target duration 6 and media sequence 0 (lines 1–3),
    /// then `body`.
    static func live(_ body: String) -> String {
        "#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXT-X-MEDIA-SEQUENCE:0\n" + body
    }
}
