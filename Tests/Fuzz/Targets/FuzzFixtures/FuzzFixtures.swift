import ExposureModels
import Foundation
import MockPlatform

/// The bundled fixture files, with `assets.json` cut to its first two assets and `media.json`
/// left out so that every input is checked quickly against a real catalog.
private let bundled: [String: Data] = {
    let directory = FixtureLoader.bundledDirectory
    var files: [String: Data] = [:]
    for file in FixtureLoader.files {
        files[file] = FileManager.default.contents(atPath: directory.appendingPathComponent(file).path)
    }
    if let data = files["catalog/assets.json"], case .array(let assets)? = try? JSONValue(parsing: data) {
        files["catalog/assets.json"] = try? ExposureJSON.encode(JSONValue.array(Array(assets.prefix(2))))
    }
    files["media/media.json"] = nil
    return files
}()

/// libFuzzer's set-up, before the first input: the bundled files, read once for the whole run
/// (`Tests/Fuzz/lsan.supp` keeps what they hold out of the leak reports).
@_cdecl("LLVMFuzzerInitialize")
public func initialize(_ argc: UnsafeMutablePointer<CInt>?, _ argv: UnsafeMutableRawPointer?) -> CInt {
    _ = bundled.count
    return 0
}

/// libFuzzer's entry point: the input's first byte picks a fixture file, the rest stands in for
/// it, and the loader reads the set (strict JSON and its line map, decoding, key checks, cross
/// references, located problems). Built without `--sanitize fuzzer` it is never called.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size > 0 else { return 0 }
    let fuzzed = FixtureLoader.files[Int(data[0]) % FixtureLoader.files.count]
    let content = Data(bytes: data + 1, count: size - 1)
    _ = try? FixtureLoader.load { file in file == fuzzed ? content : bundled[file] }
    return 0
}
