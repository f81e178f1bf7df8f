import Foundation

extension JSONValue {
    /// The JSON document `data`, parsed by Foundation's `JSONSerialization`.
    ///
    /// Decoding `JSONValue` with a `JSONDecoder` learns each value's kind by trying to decode it
    /// as the others, and every miss is a thrown `DecodingError`: four for each object, five for
    /// each array. Under Swift Testing, which records a backtrace for every thrown error, that was
    /// a quarter of the test suite's CPU time, nearly all of it spent loading fixtures. The parser
    /// reports each value's kind instead. A number is ``integer(_:)`` when written without
    /// fraction or exponent and within 64 bits, as documented, else ``number(_:)``.
    ///
    /// - Throws: for a document that is not JSON, the `DecodingError` a `JSONDecoder` gives for
    ///   it, so the message names the place as before.
    public init(parsing data: Data) throws {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            self = try ExposureJSON.decode(JSONValue.self, from: data)
            return
        }
        self = Self(parsed: object)
    }

    /// The JSON value an `Encodable` encodes to, as ``init(parsing:)`` reads it.
    public init<Value: Encodable>(encoding value: Value) throws {
        try self.init(parsing: ExposureJSON.encode(value))
    }

    private init(parsed object: Any) {
        switch object {
        case let number as NSNumber: self = Self(number)
        case let string as String: self = .string(string)
        case let array as [Any]: self = .array(array.map(Self.init(parsed:)))
        case let object as [String: Any]: self = .object(object.mapValues(Self.init(parsed:)))
        default: self = .null
        }
    }

    /// A number by the type the parser gave it: `c` for `true` and `false`, `d` for a number
    /// with fraction or exponent, `Q` for an integer past `Int64.max`.
    private init(_ number: NSNumber) {
        switch UInt8(bitPattern: number.objCType.pointee) {
        case UInt8(ascii: "c"), UInt8(ascii: "B"): self = .bool(number.boolValue)
        case UInt8(ascii: "d"), UInt8(ascii: "f"): self = .number(number.doubleValue)
        case UInt8(ascii: "Q") where number.uint64Value > UInt64(Int64.max): self = .number(number.doubleValue)
        default: self = .integer(number.int64Value)
        }
    }
}
