import HLS

/// libFuzzer's entry point: one input read as a multivariant and as a media playlist, each
/// parsed with its source map, validated, written back and read again, and the media playlist
/// checked as its own reload and variant. Built without `--sanitize fuzzer` it is never called.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    if let (master, sourceMap) = try? HLSParser.parseMasterWithSourceMap(bytes) {
        _ = HLSValidator.validate(master: master, sourceMap: sourceMap)
        _ = try? HLSParser.parseMaster(HLSWriter.bytes(master))
    }
    if let (media, sourceMap) = try? HLSParser.parseMediaWithSourceMap(bytes) {
        for kind in [HLSValidator.MediaPlaylistKind.live, .event, .vod] {
            _ = HLSValidator.validate(media: media, kind: kind, sourceMap: sourceMap)
        }
        _ = HLSValidator.validateReload(previous: media, next: media, kind: .live)
        _ = HLSValidator.validateVariants([media, media])
        _ = try? HLSParser.parseMedia(HLSWriter.bytes(media))
    }
    _ = try? HLSParser.parse(bytes)
    return 0
}
