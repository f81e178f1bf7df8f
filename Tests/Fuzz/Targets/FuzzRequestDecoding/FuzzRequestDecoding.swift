import FuzzSupport

private let platform = FuzzPlatform()

/// libFuzzer's set-up, before the first input: the platform, loaded once for the whole run
/// (`Tests/Fuzz/lsan.supp` keeps what it holds out of the leak reports).
@_cdecl("LLVMFuzzerInitialize")
public func initialize(_ argc: UnsafeMutablePointer<CInt>?, _ argv: UnsafeMutableRawPointer?) -> CInt {
    platform.reset()
    return 0
}

/// libFuzzer's entry point: one request, written as text (see `FuzzedRequest`), answered by the
/// in-process mock, which then forgets it: route matching, path and query parameters, headers,
/// and the bodies of login, eventsink, entitlement, downloads and the admin API. Built without
/// `--sanitize fuzzer` it is never called.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    platform.respond(to: UnsafeBufferPointer(start: data, count: size))
    platform.reset()
    return 0
}
