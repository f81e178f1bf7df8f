import FuzzSupport

private let platform = FuzzPlatform()

/// libFuzzer's entry point: one request, written as text (see `FuzzedRequest`), answered by a
/// fresh in-process mock: route matching, path and query parameters, headers, and the bodies
/// of login, eventsink, entitlement, downloads and the admin API. Built without
/// `--sanitize fuzzer` it is never called.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    platform.reset()
    platform.respond(to: UnsafeBufferPointer(start: data, count: size))
    return 0
}
