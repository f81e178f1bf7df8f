import Foundation

/// One line of JSON Lines output (`--json`): a compact object, keys sorted, slashes unescaped.
enum JSONLine {
    /// A server's JSON body as one line; an empty body (a call that answers nothing, such as
    /// logout) is `{}`.
    static func compact(_ body: Data) -> String {
        // The body was decoded into its model already: it is JSON.
        guard !body.isEmpty, let value = try? JSONSerialization.jsonObject(with: body, options: .fragmentsAllowed),
            let data = try? JSONSerialization.data(
                withJSONObject: value, options: [.sortedKeys, .withoutEscapingSlashes, .fragmentsAllowed])
        else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }

    /// `object` as one line; its values are strings, numbers, booleans, arrays, dictionaries or `NSNull`.
    static func encode(_ object: [String: Any]) -> String {
        // Only JSON types are put in: serialization cannot fail.
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
