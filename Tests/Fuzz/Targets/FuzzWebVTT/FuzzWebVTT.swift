import Foundation
import HLS

/// Where the fuzzed track is taken to be loaded from, for resolving its image references.
private let trackURL = URL(string: "https://cdn.example.com/sprites/asset/160.vtt")!

/// libFuzzer's entry point: one input read as a sprite WebVTT track, its images resolved
/// against a track URL, written back and read again. Built without `--sanitize fuzzer` it is
/// never called.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    if let track = try? SpriteVTT.parse(bytes) {
        for cue in track.cues { _ = cue.imageURL(relativeTo: trackURL) }
        _ = try? SpriteVTT.parse(SpriteVTT.bytes(track))
    }
    return 0
}
