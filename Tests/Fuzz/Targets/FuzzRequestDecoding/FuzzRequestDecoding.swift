import FuzzSupport

/// libFuzzer's entry point: one request, written as text (see `FuzzedRequest`), answered by the
/// in-process mock, which then forgets it: route matching, path and query parameters, headers,
/// and the bodies of login, eventsink, entitlement, downloads and the admin API. Built without
/// `--sanitize fuzzer` it is never called.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzPlatform.shared.respond(to: UnsafeBufferPointer(start: data, count: size))
    FuzzPlatform.shared.reset()
    return 0
}
