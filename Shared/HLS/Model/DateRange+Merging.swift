extension DateRange {
    /// Names of the attributes both tags carry with different values. Tags of one range
    /// (same ID) must agree on every attribute they share (RFC 8216 §4.3.2.7).
    public func conflictingAttributes(with other: DateRange) -> [String] {
        var names: [String] = []
        func compare<Value: Equatable>(_ name: String, _ mine: Value?, _ theirs: Value?) {
            if let mine, let theirs, mine != theirs { names.append(name) }
        }
        compare("CLASS", rangeClass, other.rangeClass)
        compare("START-DATE", startDate, other.startDate)
        compare("END-DATE", endDate, other.endDate)
        compare("DURATION", duration, other.duration)
        compare("PLANNED-DURATION", plannedDuration, other.plannedDuration)
        compare("SCTE35-CMD", scte35Command, other.scte35Command)
        compare("SCTE35-OUT", scte35Out, other.scte35Out)
        compare("SCTE35-IN", scte35In, other.scte35In)
        for attribute in clientAttributes {
            compare(attribute.name, attribute.value, other[client: attribute.name])
        }
        for attribute in otherAttributes {
            compare(attribute.name, attribute, other.otherAttributes.first { $0.name == attribute.name })
        }
        return names
    }

    /// This tag completed with the attributes only `other` has: what a player knows about
    /// the range after reading both tags of the same ID.
    public func merged(with other: DateRange) -> DateRange {
        var result = self
        result.rangeClass = rangeClass ?? other.rangeClass
        result.endDate = endDate ?? other.endDate
        result.duration = duration ?? other.duration
        result.plannedDuration = plannedDuration ?? other.plannedDuration
        result.scte35Command = scte35Command ?? other.scte35Command
        result.scte35Out = scte35Out ?? other.scte35Out
        result.scte35In = scte35In ?? other.scte35In
        result.endOnNext = endOnNext || other.endOnNext
        for attribute in other.clientAttributes where self[client: attribute.name] == nil {
            result.clientAttributes.append(attribute)
        }
        for attribute in other.otherAttributes where !otherAttributes.contains(where: { $0.name == attribute.name }) {
            result.otherAttributes.append(attribute)
        }
        return result
    }
}
