/// One `EXT-X-DATERANGE` tag (RFC 8216 §4.3.2.7): a span of wall-clock time with metadata,
/// used here for programs and SCTE-35 ad breaks.
///
/// Several tags may describe the same range (same `id`), e.g. an open ad break with a
/// `plannedDuration` and later a tag that adds the real `duration`.
public struct DateRange: Sendable, Hashable {
    /// The `ID` attribute, unique per range in the playlist.
    public var id: String
    /// The `CLASS` attribute: the schema of the client attributes.
    public var rangeClass: String?
    /// The `START-DATE` attribute.
    public var startDate: HLSDate
    /// The `END-DATE` attribute.
    public var endDate: HLSDate?
    /// The `DURATION` attribute.
    public var duration: HLSDuration?
    /// The `PLANNED-DURATION` attribute: an estimate while the real end is unknown.
    public var plannedDuration: HLSDuration?
    /// The `SCTE35-CMD` attribute: a splice_info_section.
    public var scte35Command: [UInt8]?
    /// The `SCTE35-OUT` attribute: the splice_info_section that starts a break.
    public var scte35Out: [UInt8]?
    /// The `SCTE35-IN` attribute: the splice_info_section that ends a break.
    public var scte35In: [UInt8]?
    /// `END-ON-NEXT=YES`: the range ends where the next range of the same class starts.
    public var endOnNext: Bool
    /// The `X-<NAME>` client attributes, in the order they are written.
    public var clientAttributes: [ClientAttribute]
    /// Attributes of later drafts (e.g. `CUE`) kept verbatim.
    public var otherAttributes: [HLSAttribute]

    /// Creates a date range.
    public init(
        id: String,
        rangeClass: String? = nil,
        startDate: HLSDate,
        endDate: HLSDate? = nil,
        duration: HLSDuration? = nil,
        plannedDuration: HLSDuration? = nil,
        scte35Command: [UInt8]? = nil,
        scte35Out: [UInt8]? = nil,
        scte35In: [UInt8]? = nil,
        endOnNext: Bool = false,
        clientAttributes: [ClientAttribute] = [],
        otherAttributes: [HLSAttribute] = []
    ) {
        self.id = id
        self.rangeClass = rangeClass
        self.startDate = startDate
        self.endDate = endDate
        self.duration = duration
        self.plannedDuration = plannedDuration
        self.scte35Command = scte35Command
        self.scte35Out = scte35Out
        self.scte35In = scte35In
        self.endOnNext = endOnNext
        self.clientAttributes = clientAttributes
        self.otherAttributes = otherAttributes
    }

    /// The end this tag states: `END-DATE`, else `START-DATE + DURATION`; nil when open.
    public var knownEnd: HLSDate? {
        if let endDate { return endDate }
        if let duration { return startDate.adding(duration) }
        return nil
    }

    /// The value of the client attribute `name` (e.g. `X-AD-ID`), if present.
    public subscript(client name: String) -> ClientAttribute.Value? {
        clientAttributes.first { $0.name == name }?.value
    }
}

/// An `X-<NAME>` attribute of a DATERANGE, with the one of three types RFC 8216 allows.
public struct ClientAttribute: Sendable, Hashable {
    /// A client attribute value.
    public enum Value: Sendable, Hashable {
        /// A quoted-string.
        case string(String)
        /// A hexadecimal-sequence (`0x…`), as bytes.
        case hex([UInt8])
        /// A decimal-floating-point number.
        case number(Double)
    }

    /// The name including the `X-` prefix, e.g. `X-AD-ID`.
    public var name: String
    /// The typed value.
    public var value: Value

    /// Creates a client attribute; `name` must start with `X-`.
    public init(name: String, value: Value) {
        self.name = name
        self.value = value
    }
}
