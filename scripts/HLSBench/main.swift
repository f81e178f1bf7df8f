// Benchmark helper for scripts/bench-hls-parser: generates the reference live playlist and
// times the HLS parser and writer on it. Release builds only give meaningful figures.
import BenchSupport
import Foundation
import HLS

/// The live window the server writes: `count` 2-second segments, each with PROGRAM-DATE-TIME.
func liveWindow(segments count: Int) -> MediaPlaylist {
    let epoch = HLSDate(iso8601: "2024-03-01T12:00:00.000Z")!
    let firstSequence = 360_000
    let segments = (0..<count).map { index in
        let sequence = firstSequence + index
        return MediaSegment(
            uri: "seg-\(sequence).ts",
            duration: .seconds(2),
            programDateTime: epoch.adding(.seconds(Int64(2 * sequence)))
        )
    }
    return MediaPlaylist(
        version: 3, targetDuration: 2, mediaSequence: firstSequence, discontinuitySequence: 0, segments: segments)
}

/// Median and fastest wall time of `body` over `iterations` runs, in milliseconds (the
/// fastest shows what the code can do when the machine is busy with other work).
func timeMilliseconds(iterations: Int, _ body: () throws -> Int) rethrows -> (median: Double, fastest: Double, checksum: Int) {
    let clock = ContinuousClock()
    var samples: [Double] = []
    var checksum = 0
    for _ in 0..<iterations {
        let start = clock.now
        checksum &+= try body()
        let elapsed = clock.now - start
        samples.append(elapsed.inSeconds * 1000)
    }
    samples.sort()
    return (samples[samples.count / 2], samples[0], checksum)
}

let arguments = CommandLine.arguments
switch (arguments.count > 1 ? arguments[1] : "", arguments.count > 2 ? arguments[2] : "") {
case ("generate", let path) where !path.isEmpty:
    let count = arguments.count > 3 ? Int(arguments[3]) ?? 3600 : 3600
    try Data(HLSWriter.bytes(liveWindow(segments: count))).write(to: URL(fileURLWithPath: path))
case ("time", let path) where !path.isEmpty:
    let iterations = arguments.count > 3 ? Int(arguments[3]) ?? 500 : 500
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    let parsed = try HLSParser.parseMedia(bytes)
    let parse = try timeMilliseconds(iterations: iterations) { try HLSParser.parseMedia(bytes).segments.count }
    let write = timeMilliseconds(iterations: iterations) { HLSWriter.bytes(parsed).count }
    guard parse.checksum == iterations * parsed.segments.count, HLSWriter.bytes(parsed) == bytes else {
        fatalError("parse/write round trip changed the playlist")
    }
    print("segments \(parsed.segments.count) bytes \(bytes.count)")
    print("parse_ms \(parse.median) \(parse.fastest)")
    print("write_ms \(write.median) \(write.fastest)")
default:
    print("usage: HLSBench generate <path> [segments] | HLSBench time <path> [iterations]")
    exit(2)
}
