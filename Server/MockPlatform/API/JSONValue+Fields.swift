import ExposureModels

/// Asset fields as JSON values: how `sort` orders them and how typed values become them.
extension JSONValue {
    /// Orders values for `sort`: numbers by value, strings and booleans as written; values of
    /// different kinds by kind. Nil (absent) sorts after everything.
    static func sortOrder(_ lhs: JSONValue?, _ rhs: JSONValue?) -> ComparisonOrder {
        switch (lhs, rhs) {
        case (nil, nil): return .same
        case (nil, _): return .after
        case (_, nil): return .before
        case (let left?, let right?):
            if let l = left.numeric, let r = right.numeric { return .of(l, r) }
            if case .string(let l) = left, case .string(let r) = right { return .of(l, r) }
            if case .bool(let l) = left, case .bool(let r) = right { return .of(l ? 1 : 0, r ? 1 : 0) }
            return .of(left.kindRank, right.kindRank)
        }
    }

    private var numeric: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .number(let value): value
        default: nil
        }
    }

    private var kindRank: Int {
        switch self {
        case .bool: 0
        case .integer, .number: 1
        case .string: 2
        case .array: 3
        case .object: 4
        case .null: 5
        }
    }
}

/// Which of two values comes first.
enum ComparisonOrder {
    case before, same, after

    static func of<Value: Comparable>(_ lhs: Value, _ rhs: Value) -> ComparisonOrder {
        lhs < rhs ? .before : (lhs > rhs ? .after : .same)
    }
}
