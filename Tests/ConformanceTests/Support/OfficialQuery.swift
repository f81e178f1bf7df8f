import Foundation

/// A query parameter value as the official SDK's parameter dictionaries hold them.
enum OfficialQueryValue: Sendable {
    case string(String)
    case integer(Int64)
    case bool(Bool)
    /// An array: sent as the key repeated once per element.
    case list([String])
}

/// Query strings exactly as the official iOS SDK (iOSClientExposure 3.9, `URLEncoding`) writes
/// them: keys sorted, arrays as repeated keys, booleans `true`/`false`, and every character
/// outside `urlQueryAllowed` or among `:#[]@!$&'()*+,;=` percent-escaped (so `,` is `%2C`).
enum OfficialQuery {
    private static let allowed: CharacterSet = {
        var set = CharacterSet.urlQueryAllowed
        set.remove(charactersIn: ":#[]@!$&'()*+,;=")
        return set
    }()

    /// One key or value escaped as the SDK escapes it (also used for channel ids in EPG paths).
    static func escape(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }

    /// The query string, without `?`; empty for no parameters.
    static func string(_ parameters: [String: OfficialQueryValue]) -> String {
        parameters.keys.sorted().flatMap { key -> [String] in
            switch parameters[key]! {
            case .string(let value): ["\(escape(key))=\(escape(value))"]
            case .integer(let value): ["\(escape(key))=\(value)"]
            case .bool(let value): ["\(escape(key))=\(value ? "true" : "false")"]
            case .list(let values): values.map { "\(escape(key))=\(escape($0))" }
            }
        }.joined(separator: "&")
    }
}
