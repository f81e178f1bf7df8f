extension ServerControl {
    /// Reads `EXT-X-SERVER-CONTROL` from its attribute list.
    init(attributes list: AttributeList) throws(HLSParseError) {
        self.init()
        for entry in list.entries {
            switch entry.name {
            case "CAN-SKIP-UNTIL": canSkipUntil = try list.duration(entry)
            case "CAN-SKIP-DATERANGES": canSkipDateRanges = try list.yesNo(entry)
            case "HOLD-BACK": holdBack = try list.duration(entry)
            case "PART-HOLD-BACK": partHoldBack = try list.duration(entry)
            case "CAN-BLOCK-RELOAD": canBlockReload = try list.yesNo(entry)
            default: otherAttributes.append(HLSAttribute(name: entry.name, value: entry.value, isQuoted: entry.isQuoted))
            }
        }
    }
}
