import Clocks
import ExposureModels
import Foundation
import MockPlatform

/// The bundled fixture files read once, with `assets.json` cut to its first two assets so that
/// the cross-file checks each input runs stay quick; an input stands in for one of them.
private let bundled: FixtureFiles = {
    let directory = FixtureLoader.bundledDirectory
    return FixtureFiles { file in
        let data = FileManager.default.contents(atPath: directory.appendingPathComponent(file).path)
        guard file == "catalog/assets.json", let data, case .array(let assets)? = try? JSONValue(parsing: data) else { return data }
        return try? ExposureJSON.encode(JSONValue.array(Array(assets.prefix(2))))
    }
}()

/// libFuzzer's set-up, before the first input: the bundled files, read once for the whole run
/// (`Tests/Fuzz/lsan.supp` keeps what they hold out of the leak reports).
@_cdecl("LLVMFuzzerInitialize")
public func initialize(_ argc: UnsafeMutablePointer<CInt>?, _ argv: UnsafeMutableRawPointer?) -> CInt {
    _ = try? bundled.catalog(at: .systemNow)
    return 0
}

/// libFuzzer's entry point: the input's first byte picks a fixture file and the rest stands in
/// for it; that file is read (strict JSON and its line map, decoding, key checks) and checked
/// with the other bundled files as read once (cross references, located problems). Built
/// without `--sanitize fuzzer` it is never called.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size > 0 else { return 0 }
    var files = bundled
    files.read(FixtureLoader.files[Int(data[0]) % FixtureLoader.files.count], Data(bytes: data + 1, count: size - 1))
    _ = try? files.catalog(at: .systemNow)
    return 0
}
