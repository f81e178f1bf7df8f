import Foundation
import HTTPServer
import Testing

@testable import MockPlatform

/// `Range` headers in every form RFC 9110 §14 allows, and the malformed ones that are ignored.
@Suite struct ByteRangeResponderTests {
    /// What `parse` decides: ignore the header, unsatisfiable, or a range.
    enum Outcome: Equatable, CustomStringConvertible {
        case ignore, unsatisfiable
        case range(ClosedRange<Int>)
        var description: String {
            switch self {
            case .ignore: "ignore"
            case .unsatisfiable: "unsatisfiable"
            case .range(let range): "\(range)"
            }
        }
    }

    static func outcome(_ header: String, size: Int) -> Outcome {
        switch ByteRangeResponder.parse(header, size: size) {
        case nil: .ignore
        case .some(nil): .unsatisfiable
        case .some(.some(let range)): .range(range)
        }
    }

    static let cases: [(String, Int, Outcome)] = [
        ("bytes=0-99", 1000, .range(0...99)),
        ("bytes=0-0", 1000, .range(0...0)),
        ("bytes=500-", 1000, .range(500...999)),
        ("bytes=999-", 1000, .range(999...999)),
        ("bytes=-100", 1000, .range(900...999)),
        ("bytes=-5000", 1000, .range(0...999)),
        ("bytes=900-5000", 1000, .range(900...999)),
        ("bytes=0-99999999999999999999999", 1000, .range(0...999)),
        ("Bytes=10-19", 1000, .range(10...19)),
        ("  bytes=10-19  ", 1000, .range(10...19)),
        ("bytes=1000-", 1000, .unsatisfiable),
        ("bytes=1000-2000", 1000, .unsatisfiable),
        ("bytes=99999999999999999999999-", 1000, .unsatisfiable),
        ("bytes=-0", 1000, .unsatisfiable),
        ("bytes=0-", 0, .unsatisfiable),
        ("bytes=-10", 0, .unsatisfiable),
        ("bytes=5-3", 1000, .ignore),
        ("bytes=0-1,5-9", 1000, .ignore),
        ("bytes=-", 1000, .ignore),
        ("bytes=", 1000, .ignore),
        ("bytes=abc-", 1000, .ignore),
        ("bytes=+5-9", 1000, .ignore),
        ("bytes=-5-9", 1000, .ignore),
        ("bytes=-+5", 1000, .ignore),
        ("items=0-9", 1000, .ignore),
        ("0-9", 1000, .ignore)
    ]

    @Test(arguments: cases)
    func parse(header: String, size: Int, expected: Outcome) {
        #expect(Self.outcome(header, size: size) == expected, "\(header) on \(size) bytes")
    }

    @Test func responses() {
        let file = Data((0..<100).map { UInt8($0) })
        let partial = ByteRangeResponder.response(for: file, rangeHeader: "bytes=10-19", contentType: "video/mp2t", cacheControl: "c")
        #expect(partial.status == 206)
        #expect(partial.headers["Content-Range"] == "bytes 10-19/100")
        #expect(partial.body == file.subdata(in: 10..<20))
        #expect(partial.headers["Accept-Ranges"] == "bytes")
        let whole = ByteRangeResponder.response(for: file, rangeHeader: nil, contentType: "video/mp2t", cacheControl: "c")
        #expect(whole.status == 200 && whole.body == file)
        let bad = ByteRangeResponder.response(for: file, rangeHeader: "bytes=100-", contentType: "video/mp2t", cacheControl: "c")
        #expect(bad.status == 416)
        #expect(bad.headers["Content-Range"] == "bytes */100")
        #expect(bad.body.isEmpty)
    }
}
