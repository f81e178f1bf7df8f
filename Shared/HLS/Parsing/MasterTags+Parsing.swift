extension VariantStream {
    /// Reads the attributes of an `EXT-X-STREAM-INF` tag; the URI comes from the next line.
    init(attributes list: AttributeList) throws(HLSParseError) {
        var bandwidth: Int?
        var variant = VariantStream(uri: "", bandwidth: 0)
        for entry in list.entries {
            switch entry.name {
            case "BANDWIDTH": bandwidth = try list.integer(entry)
            case "AVERAGE-BANDWIDTH": variant.averageBandwidth = try list.integer(entry)
            case "CODECS": variant.codecs = try list.quotedString(entry)
            case "RESOLUTION": variant.resolution = try list.resolution(entry)
            case "FRAME-RATE": variant.frameRate = try list.decimal(entry)
            case "AUDIO": variant.audioGroup = try list.quotedString(entry)
            case "VIDEO": variant.videoGroup = try list.quotedString(entry)
            case "SUBTITLES": variant.subtitlesGroup = try list.quotedString(entry)
            case "CLOSED-CAPTIONS":
                if entry.isQuoted {
                    variant.closedCaptions = .group(entry.value)
                } else if entry.value == "NONE" {
                    variant.closedCaptions = VariantStream.ClosedCaptions.none
                } else {
                    throw list.invalid(entry, expected: "a quoted GROUP-ID or NONE")
                }
            default:
                variant.otherAttributes.append(HLSAttribute(name: entry.name, value: entry.value, isQuoted: entry.isQuoted))
            }
        }
        guard let bandwidth else { throw list.missing("BANDWIDTH", ruleID: HLSRule.variantAttributes.id) }
        variant.bandwidth = bandwidth
        self = variant
    }
}

extension Rendition {
    /// Reads the attributes of an `EXT-X-MEDIA` tag.
    init(attributes list: AttributeList) throws(HLSParseError) {
        var type: MediaType?
        var groupID: String?
        var name: String?
        var rendition = Rendition(type: .audio, groupID: "", name: "")
        for entry in list.entries {
            switch entry.name {
            case "TYPE":
                guard let value = MediaType(rawValue: try list.enumerated(entry)) else {
                    throw list.invalid(entry, expected: "AUDIO, VIDEO, SUBTITLES or CLOSED-CAPTIONS")
                }
                type = value
            case "GROUP-ID": groupID = try list.quotedString(entry)
            case "NAME": name = try list.quotedString(entry)
            case "LANGUAGE": rendition.language = try list.quotedString(entry)
            case "ASSOC-LANGUAGE": rendition.associatedLanguage = try list.quotedString(entry)
            case "DEFAULT": rendition.isDefault = try list.yesNo(entry)
            case "AUTOSELECT": rendition.autoselect = try list.yesNo(entry)
            case "FORCED": rendition.forced = try list.yesNo(entry)
            case "INSTREAM-ID": rendition.instreamID = try list.quotedString(entry)
            case "CHARACTERISTICS": rendition.characteristics = try list.quotedString(entry)
            case "CHANNELS": rendition.channels = try list.quotedString(entry)
            case "URI": rendition.uri = try list.quotedString(entry)
            default:
                rendition.otherAttributes.append(HLSAttribute(name: entry.name, value: entry.value, isQuoted: entry.isQuoted))
            }
        }
        let ruleID = HLSRule.renditionRequiredAttributes.id
        guard let type else { throw list.missing("TYPE", ruleID: ruleID) }
        guard let groupID else { throw list.missing("GROUP-ID", ruleID: ruleID) }
        guard let name else { throw list.missing("NAME", ruleID: ruleID) }
        rendition.type = type
        rendition.groupID = groupID
        rendition.name = name
        self = rendition
    }
}
