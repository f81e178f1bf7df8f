/// Any JSON value, kept as sent: for payloads whose keys depend on a type field (analytics events).
public enum JSONValue: Codable, Sendable, Equatable, Hashable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number written without fraction or exponent that fits 64 bits.
    case integer(Int64)
    /// Any other number.
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object.
    case object([String: JSONValue])

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        // Most values are strings and numbers: try them first, since every failed attempt
        // builds and throws a DecodingError. A whole document is read by `init(parsing:)`,
        // which tries nothing.
        if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode([String: JSONValue].self) {
            self = .object(value)
        } else {
            self = .array(try container.decode([JSONValue].self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// The elements, when this is an array.
    public var arrayValue: [JSONValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// The string, when this is one.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The number as a whole number, when this is a number without a fraction.
    public var int64Value: Int64? {
        switch self {
        case .integer(let value): value
        case .number(let value) where value.rounded() == value && abs(value) < 9.0e15: Int64(value)
        default: nil
        }
    }
}

extension JSONValue {
    /// The member `key` of an object (nil otherwise); setting it on a non-object makes it an object.
    public subscript(key: String) -> JSONValue? {
        get {
            if case .object(let members) = self { return members[key] }
            return nil
        }
        set {
            var members: [String: JSONValue] = [:]
            if case .object(let existing) = self { members = existing }
            members[key] = newValue
            self = .object(members)
        }
    }

    /// The element at `index` of an array; `.null` when out of range or not an array.
    /// Setting out of range or on a non-array does nothing.
    public subscript(index: Int) -> JSONValue {
        get {
            if case .array(let elements) = self, elements.indices.contains(index) { return elements[index] }
            return .null
        }
        set {
            guard case .array(var elements) = self, elements.indices.contains(index) else { return }
            elements[index] = newValue
            self = .array(elements)
        }
    }
}
