/// An attribute the library has no field for, kept verbatim so a parse → write round trip
/// does not lose it (e.g. `PATHWAY-ID`, `CUE`, vendor extensions).
public struct HLSAttribute: Sendable, Hashable {
    /// The attribute name, e.g. `PATHWAY-ID`.
    public var name: String
    /// The value without surrounding quotes.
    public var value: String
    /// Whether the value is a quoted-string (written back with quotes).
    public var isQuoted: Bool

    /// Creates an attribute.
    public init(name: String, value: String, isQuoted: Bool) {
        self.name = name
        self.value = value
        self.isQuoted = isQuoted
    }
}

/// Width × height in pixels, the `RESOLUTION` attribute of a variant.
public struct Resolution: Sendable, Hashable {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int

    /// Creates a resolution.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
}

/// A byte range within a resource, the `EXT-X-BYTERANGE` tag.
public struct ByteRange: Sendable, Hashable {
    /// Number of bytes.
    public var length: Int
    /// First byte; nil means "right after the previous segment's range".
    public var offset: Int?

    /// Creates a byte range.
    public init(length: Int, offset: Int? = nil) {
        self.length = length
        self.offset = offset
    }
}
