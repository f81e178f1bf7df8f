import Clocks
import Foundation

/// The JSON coders every Exposure body goes through, on both sides of the wire.
///
/// Dates are ISO-8601 UTC with milliseconds when written and are read with or without
/// milliseconds; keys are written sorted so bodies are byte-stable; slashes are not escaped.
public enum ExposureJSON {
    /// A new encoder with Exposure's conventions.
    public static func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(ISO8601.string(from: date))
        }
        return encoder
    }

    /// A new decoder with Exposure's conventions.
    public static func makeDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = ISO8601.date(from: text) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "Expected an ISO-8601 date-time, got \"\(text)\"")
            }
            return date
        }
        return decoder
    }

    /// Encodes a value with Exposure's conventions.
    public static func encode<Value: Encodable>(_ value: Value) throws -> Data {
        try makeEncoder().encode(value)
    }

    /// Decodes a value with Exposure's conventions.
    public static func decode<Value: Decodable>(_ type: Value.Type, from data: Data) throws -> Value {
        try makeDecoder().decode(type, from: data)
    }
}
