extension DateRange {
    /// Reads a DATERANGE from its attribute list.
    init(attributes list: AttributeList) throws(HLSParseError) {
        var id: String?
        var startDate: HLSDate?
        var range = DateRange(id: "", startDate: HLSDate(millisecondsSince1970: 0))
        for entry in list.entries {
            switch entry.name {
            case "ID": id = try list.quotedString(entry)
            case "CLASS": range.rangeClass = try list.quotedString(entry)
            case "START-DATE": startDate = try list.date(entry)
            case "END-DATE": range.endDate = try list.date(entry)
            case "DURATION": range.duration = try list.duration(entry)
            case "PLANNED-DURATION": range.plannedDuration = try list.duration(entry)
            case "SCTE35-CMD": range.scte35Command = try list.hex(entry)
            case "SCTE35-OUT": range.scte35Out = try list.hex(entry)
            case "SCTE35-IN": range.scte35In = try list.hex(entry)
            case "END-ON-NEXT":
                guard try list.enumerated(entry) == "YES" else { throw list.invalid(entry, expected: "YES") }
                range.endOnNext = true
            case let name where name.hasPrefix("X-"):
                range.clientAttributes.append(ClientAttribute(name: name, value: try Self.clientValue(entry, in: list)))
            default:
                range.otherAttributes.append(HLSAttribute(name: entry.name, value: entry.value, isQuoted: entry.isQuoted))
            }
        }
        guard let id else { throw list.missing("ID", ruleID: HLSRule.dateRangeIDRequired.id) }
        guard let startDate else { throw list.missing("START-DATE", ruleID: HLSRule.dateRangeStartDateRequired.id) }
        range.id = id
        range.startDate = startDate
        self = range
    }

    /// The type of a client attribute follows from how it is spelled (RFC 8216 §4.3.2.7.1).
    private static func clientValue(_ entry: AttributeList.Entry, in list: AttributeList)
        throws(HLSParseError) -> ClientAttribute.Value
    {
        if entry.isQuoted { return .string(entry.value) }
        if entry.value.hasPrefix("0x") || entry.value.hasPrefix("0X") { return .hex(try list.hex(entry)) }
        return .number(try list.decimal(entry))
    }
}
