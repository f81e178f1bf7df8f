// Benchmark helper for scripts/bench-aes: AES-128-CBC decryption of HLS-segment-sized buffers,
// in GB/s, by the path the SDK's engine takes (`SegmentDecryption`: a segment's `Data` in, its
// clear `Data` out, one cipher per segment) and by the Cryptography adapter alone (the one the
// mock shares), beside a plain copy of the same bytes. Release builds only give meaningful figures.
import Cryptography
import ExposurePlayback
import Foundation
import HLS

let arguments = CommandLine.arguments
let segmentBytes = arguments.count > 1 ? Int(arguments[1]) ?? 1_048_576 : 1_048_576
let totalBytes = arguments.count > 2 ? Int(arguments[2]) ?? 1_073_741_824 : 1_073_741_824

let key = (0..<16).map { UInt8($0 &* 17) }
let plaintext = (0..<segmentBytes).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
let sealed = try AES128CBC(key: key, iv: SegmentKey.sequenceIV(0)).encrypt(plaintext)
let sealedSegment = Data(sealed)

/// Runs `body` on segments until `totalBytes` have passed; GB/s. `body` returns a byte of its
/// output, summed so the work cannot be optimised away.
func measure(_ name: String, _ body: (Int) throws -> UInt8) rethrows {
    let clock = ContinuousClock()
    var done = 0
    var checksum = 0
    var sequence = 0
    let start = clock.now
    while done < totalBytes {
        checksum &+= Int(try body(sequence))
        done += sealed.count
        sequence += 1
    }
    let elapsed = clock.now - start
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    print("\(name)_gb_per_s \(String(format: "%.3f", Double(done) / seconds / 1e9)) checksum \(checksum)")
}

print("segment_bytes \(segmentBytes)")
// The engine's path: what HLSEngine does with each encrypted segment it receives.
try measure("engine") { sequence in
    let opened = try SegmentDecryption.decrypt(sealedSegment, key: key, iv: SegmentKey.sequenceIV(0))
    return opened[sequence % opened.count]
}
// The adapter alone, bytes in and out.
try measure("adapter") { sequence in
    let opened = try AES128CBC(key: key, iv: SegmentKey.sequenceIV(0)).decrypt(sealed)
    return opened[sequence % opened.count]
}
// A clear segment costs the engine nothing of this: a copy of its bytes is the floor.
measure("copy") { sequence in
    let copied = Data(sealed)
    return copied[sequence % copied.count]
}
