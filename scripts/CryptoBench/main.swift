// Benchmark helper for scripts/bench-aes: AES-128-CBC decryption of HLS-segment-sized buffers
// through the Cryptography module (the adapter the SDK's engine and the mock use), in GB/s.
// Release builds only give meaningful figures.
import Cryptography
import Foundation
import HLS

let arguments = CommandLine.arguments
let segmentBytes = arguments.count > 1 ? Int(arguments[1]) ?? 1_048_576 : 1_048_576
let totalBytes = arguments.count > 2 ? Int(arguments[2]) ?? 1_073_741_824 : 1_073_741_824

let key = (0..<16).map { UInt8($0 &* 17) }
let plaintext = (0..<segmentBytes).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
let sealed = try AES128CBC(key: key, iv: SegmentKey.sequenceIV(0)).encrypt(plaintext)

let clock = ContinuousClock()
var decrypted = 0
var checksum = 0
let start = clock.now
var sequence = 0
while decrypted < totalBytes {
    // A new cipher per segment, as the engine makes one per segment (its IV).
    let opened = try AES128CBC(key: key, iv: SegmentKey.sequenceIV(0)).decrypt(sealed)
    checksum &+= Int(opened[sequence % opened.count])
    decrypted += sealed.count
    sequence += 1
}
let elapsed = clock.now - start
let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
print("segment_bytes \(segmentBytes)")
print("decrypted_bytes \(decrypted)")
print("seconds \(String(format: "%.3f", seconds))")
print("gb_per_s \(String(format: "%.3f", Double(decrypted) / seconds / 1e9))")
print("checksum \(checksum)")
