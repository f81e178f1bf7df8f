/// Writes multivariant playlists entry by entry, attributes in a fixed order.
extension ByteWriter {
    mutating func append(_ playlist: MasterPlaylist) {
        append("#EXTM3U\n")
        if let version = playlist.version {
            append("#EXT-X-VERSION:")
            append(version)
            appendNewline()
        }
        if playlist.independentSegments { append("#EXT-X-INDEPENDENT-SEGMENTS\n") }
        for entry in playlist.entries {
            switch entry {
            case .rendition(let rendition): append(rendition)
            case .variant(let variant): append(variant)
            case .tag(let tag):
                appendSingleLine(tag)
                appendNewline()
            }
        }
    }

    private mutating func append(_ variant: VariantStream) {
        var isFirst = true
        append("#EXT-X-STREAM-INF:")
        appendAttributeName("BANDWIDTH", isFirst: &isFirst)
        append(variant.bandwidth)
        if let averageBandwidth = variant.averageBandwidth {
            appendAttributeName("AVERAGE-BANDWIDTH", isFirst: &isFirst)
            append(averageBandwidth)
        }
        if let codecs = variant.codecs {
            appendAttributeName("CODECS", isFirst: &isFirst)
            appendQuoted(codecs)
        }
        if let resolution = variant.resolution {
            appendAttributeName("RESOLUTION", isFirst: &isFirst)
            append(resolution.width)
            append(byte: UInt8(ascii: "x"))
            append(resolution.height)
        }
        if let frameRate = variant.frameRate {
            appendAttributeName("FRAME-RATE", isFirst: &isFirst)
            appendThreeDecimals(frameRate)
        }
        appendOptionalQuoted("AUDIO", variant.audioGroup, isFirst: &isFirst)
        appendOptionalQuoted("VIDEO", variant.videoGroup, isFirst: &isFirst)
        appendOptionalQuoted("SUBTITLES", variant.subtitlesGroup, isFirst: &isFirst)
        switch variant.closedCaptions {
        case .group(let group)?:
            appendAttributeName("CLOSED-CAPTIONS", isFirst: &isFirst)
            appendQuoted(group)
        case .none?:
            appendAttributeName("CLOSED-CAPTIONS", isFirst: &isFirst)
            append("NONE")
        case nil:
            break
        }
        appendOtherAttributes(variant.otherAttributes, isFirst: &isFirst)
        appendNewline()
        appendSingleLine(variant.uri)
        appendNewline()
    }

    private mutating func append(_ rendition: Rendition) {
        var isFirst = true
        append("#EXT-X-MEDIA:")
        appendAttributeName("TYPE", isFirst: &isFirst)
        append(rendition.type.rawValue)
        appendOptionalQuoted("GROUP-ID", rendition.groupID, isFirst: &isFirst)
        appendOptionalQuoted("NAME", rendition.name, isFirst: &isFirst)
        appendOptionalQuoted("LANGUAGE", rendition.language, isFirst: &isFirst)
        appendOptionalQuoted("ASSOC-LANGUAGE", rendition.associatedLanguage, isFirst: &isFirst)
        appendOptionalYesNo("DEFAULT", rendition.isDefault, isFirst: &isFirst)
        appendOptionalYesNo("AUTOSELECT", rendition.autoselect, isFirst: &isFirst)
        appendOptionalYesNo("FORCED", rendition.forced, isFirst: &isFirst)
        appendOptionalQuoted("INSTREAM-ID", rendition.instreamID, isFirst: &isFirst)
        appendOptionalQuoted("CHARACTERISTICS", rendition.characteristics, isFirst: &isFirst)
        appendOptionalQuoted("CHANNELS", rendition.channels, isFirst: &isFirst)
        appendOptionalQuoted("URI", rendition.uri, isFirst: &isFirst)
        appendOtherAttributes(rendition.otherAttributes, isFirst: &isFirst)
        appendNewline()
    }

    private mutating func appendOptionalQuoted(_ name: StaticString, _ value: String?, isFirst: inout Bool) {
        guard let value else { return }
        appendAttributeName(name, isFirst: &isFirst)
        appendQuoted(value)
    }

    private mutating func appendOptionalYesNo(_ name: StaticString, _ value: Bool?, isFirst: inout Bool) {
        guard let value else { return }
        appendAttributeName(name, isFirst: &isFirst)
        appendYesNo(value)
    }
}
