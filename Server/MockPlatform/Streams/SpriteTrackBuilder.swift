import HLS

/// A title's thumbnail track: one cue per interval over its whole duration, each pointing into
/// the reel's sprite sheets (titles loop the reel, so thumbnails loop with it).
///
/// Image URLs are absolute (`base` is scheme, host and port as the client reached the mock): the
/// official WebVTT parser rebuilds a host-relative URL from scheme and host only, losing the port.
enum SpriteTrackBuilder {
    static func track(durationMs: Int64, sprites: MediaManifest.SpriteSet, reelDurationMs: Int64, base: String) -> SpriteTrack {
        var cues: [SpriteCue] = []
        var start: Int64 = 0
        while start < durationMs {
            let end = min(start + sprites.intervalMs, durationMs)
            let index = Int((start % reelDurationMs) / sprites.intervalMs) % max(1, sprites.count)
            if let sheet = sprites.sheets.first(where: { index >= $0.firstIndex && index < $0.firstIndex + $0.count }) {
                let tile = index - sheet.firstIndex
                cues.append(
                    SpriteCue(
                        startMilliseconds: start, endMilliseconds: end, image: "\(base)/media/\(sheet.file)",
                        region: SpriteRegion(
                            x: tile % sprites.columns * sprites.width, y: tile / sprites.columns * sprites.height,
                            width: sprites.width, height: sprites.height)))
            }
            start = end
        }
        return SpriteTrack(cues: cues)
    }
}
