import ExposureModels
import Foundation

/// A JSON body encoded once with marker strings where per-request text goes, kept as the byte
/// pieces between the markers: an answer is the pieces joined with that request's values, so
/// no encoder runs per request (JSONEncoder was a quarter of the mock's CPU on `play`).
///
/// A marker may stand for a whole string value or sit inside one (a play session id in a URL);
/// either way the value goes in JSON-escaped and without quotes, which is what the encoder
/// would have written there.
struct JSONTemplate: Sendable {
    /// The bytes between markers: one more than `slots`.
    private let pieces: [[UInt8]]
    /// For each gap between two pieces, the index of the value that fills it.
    private let slots: [Int]

    /// Splits `encoded` at every occurrence of each of `markers`, which must be plain ASCII
    /// that JSON writes as is and that occur nowhere else.
    init(encoded: Data, markers: [String]) {
        let bytes = [UInt8](encoded)
        let needles = markers.map { Array($0.utf8) }
        var pieces: [[UInt8]] = []
        var slots: [Int] = []
        var pieceStart = 0
        var index = 0
        while index < bytes.count {
            if let slot = needles.firstIndex(where: { Self.bytes(bytes, at: index, start: $0) }) {
                pieces.append(Array(bytes[pieceStart..<index]))
                slots.append(slot)
                index += needles[slot].count
                pieceStart = index
            } else {
                index += 1
            }
        }
        pieces.append(Array(bytes[pieceStart...]))
        self.pieces = pieces
        self.slots = slots
    }

    /// The body with `values[i]` (unescaped text) wherever marker `i` was.
    func render(_ values: [String]) -> Data {
        let escaped = values.map(Self.escaped)
        var body: [UInt8] = []
        body.reserveCapacity(pieces.reduce(0) { $0 + $1.count } + slots.reduce(0) { $0 + escaped[$1].count })
        body.append(contentsOf: pieces[0])
        for (gap, slot) in slots.enumerated() {
            body.append(contentsOf: escaped[slot])
            body.append(contentsOf: pieces[gap + 1])
        }
        return Data(body)
    }

    private static func bytes(_ bytes: [UInt8], at index: Int, start needle: [UInt8]) -> Bool {
        guard bytes[index] == needle[0], index + needle.count <= bytes.count else { return false }
        return bytes[index..<(index + needle.count)].elementsEqual(needle)
    }

    /// `text` as the encoder writes it inside a string. Printable ASCII other than `"` and `\`
    /// goes as is (slashes too: the encoder leaves them alone); anything else is left to the
    /// encoder itself, so there is one JSON escaping rule in the mock, not two.
    static func escaped(_ text: String) -> [UInt8] {
        let utf8 = Array(text.utf8)
        if utf8.allSatisfy({ (0x20...0x7E).contains($0) && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) { return utf8 }
        guard let quoted = try? ExposureJSON.encode(text), quoted.count >= 2 else { return [] }
        return Array(quoted.dropFirst().dropLast())
    }
}
