import Foundation
import FuzzSupport

/// libFuzzer's entry point. The input's first line is a request line (method, path, query), the
/// rest a fault rule: the rule is added through the admin API (decoded and checked as
/// `POST /_mock/faults` does), the request is answered twice through the fault layer (a rule's
/// `after` and `times` count), and the platform forgets it all. Built without `--sanitize fuzzer`
/// it is never called.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = UnsafeBufferPointer(start: data, count: size)
    let newline = input.firstIndex(of: UInt8(ascii: "\n")) ?? input.endIndex
    FuzzPlatform.shared.respond(to: Array("POST /_mock/faults\nContent-Type: application/json\n\n".utf8) + input[min(newline + 1, size)...])
    let requestLine = Array(input[..<newline])
    FuzzPlatform.shared.respond(to: requestLine)
    FuzzPlatform.shared.respond(to: requestLine)
    FuzzPlatform.shared.reset()
    return 0
}
