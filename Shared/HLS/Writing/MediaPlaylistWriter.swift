import Clocks

/// Writes media playlists: header, then each segment's tags in a fixed order, so the same
/// model always gives the same bytes.
extension ByteWriter {
    mutating func append(_ playlist: MediaPlaylist) {
        append("#EXTM3U\n")
        if let version = playlist.version {
            append("#EXT-X-VERSION:")
            append(version)
            appendNewline()
        }
        if let targetDuration = playlist.targetDuration {
            append("#EXT-X-TARGETDURATION:")
            append(targetDuration)
            appendNewline()
        }
        if let mediaSequence = playlist.mediaSequence {
            append("#EXT-X-MEDIA-SEQUENCE:")
            append(mediaSequence)
            appendNewline()
        }
        if let discontinuitySequence = playlist.discontinuitySequence {
            append("#EXT-X-DISCONTINUITY-SEQUENCE:")
            append(discontinuitySequence)
            appendNewline()
        }
        if let playlistType = playlist.playlistType {
            append("#EXT-X-PLAYLIST-TYPE:")
            append(playlistType.rawValue)
            appendNewline()
        }
        if playlist.independentSegments { append("#EXT-X-INDEPENDENT-SEGMENTS\n") }
        if let serverControl = playlist.serverControl { append(serverControl) }
        appendTagLines(playlist.headerTags)
        // After any EXT-X-MAP among the header tags, before the first segment (RFC 8216bis §4.4.5.2).
        if let skipped = playlist.skipped { append(skipped) }
        for segment in playlist.segments {
            append(segment)
        }
        for dateRange in playlist.trailingDateRanges {
            append(dateRange)
        }
        appendTagLines(playlist.trailingTags)
        if playlist.endList { append("#EXT-X-ENDLIST\n") }
    }

    private mutating func append(_ segment: MediaSegment) {
        // The bounded parts go through one stack buffer: this runs once per segment.
        if segment.discontinuity || segment.programDateTime != nil {
            appendFixed(maxCount: 48 + ISO8601.maxCount) { text in
                if segment.discontinuity { text.put("#EXT-X-DISCONTINUITY\n") }
                if let programDateTime = segment.programDateTime {
                    text.put("#EXT-X-PROGRAM-DATE-TIME:")
                    text.putISO8601(programDateTime.millisecondsSince1970)
                    text.put(byte: UInt8(ascii: "\n"))
                }
            }
        }
        for dateRange in segment.dateRanges {
            append(dateRange)
        }
        appendTagLines(segment.otherTags)
        if let byteRange = segment.byteRange {
            append("#EXT-X-BYTERANGE:")
            append(byteRange.length)
            if let offset = byteRange.offset {
                append(byte: UInt8(ascii: "@"))
                append(offset)
            }
            appendNewline()
        }
        if segment.gap { append("#EXT-X-GAP\n") }
        appendFixed(maxCount: 10 + FixedText.maxDurationCount) { text in
            text.put("#EXTINF:")
            text.put(segment.duration)
            text.put(byte: UInt8(ascii: ","))
        }
        appendSingleLine(segment.title)
        appendNewline()
        appendSingleLine(segment.uri)
        appendNewline()
    }

    private mutating func append(_ control: ServerControl) {
        var isFirst = true
        append("#EXT-X-SERVER-CONTROL:")
        if let canSkipUntil = control.canSkipUntil {
            appendAttributeName("CAN-SKIP-UNTIL", isFirst: &isFirst)
            append(canSkipUntil)
        }
        if let canSkipDateRanges = control.canSkipDateRanges {
            appendAttributeName("CAN-SKIP-DATERANGES", isFirst: &isFirst)
            appendYesNo(canSkipDateRanges)
        }
        if let holdBack = control.holdBack {
            appendAttributeName("HOLD-BACK", isFirst: &isFirst)
            append(holdBack)
        }
        if let partHoldBack = control.partHoldBack {
            appendAttributeName("PART-HOLD-BACK", isFirst: &isFirst)
            append(partHoldBack)
        }
        if let canBlockReload = control.canBlockReload {
            appendAttributeName("CAN-BLOCK-RELOAD", isFirst: &isFirst)
            appendYesNo(canBlockReload)
        }
        appendOtherAttributes(control.otherAttributes, isFirst: &isFirst)
        appendNewline()
    }

    private mutating func append(_ skipped: SkippedSegments) {
        var isFirst = true
        append("#EXT-X-SKIP:")
        appendAttributeName("SKIPPED-SEGMENTS", isFirst: &isFirst)
        append(skipped.count)
        if let removed = skipped.recentlyRemovedDateRangeIDs {
            appendAttributeName("RECENTLY-REMOVED-DATERANGES", isFirst: &isFirst)
            appendQuoted(removed.joined(separator: "\t"))
        }
        appendOtherAttributes(skipped.otherAttributes, isFirst: &isFirst)
        appendNewline()
    }

    private mutating func appendTagLines(_ tags: [String]) {
        for tag in tags {
            appendSingleLine(tag)
            appendNewline()
        }
    }

    mutating func append(_ range: DateRange) {
        var isFirst = true
        append("#EXT-X-DATERANGE:")
        appendAttributeName("ID", isFirst: &isFirst)
        appendQuoted(range.id)
        if let rangeClass = range.rangeClass {
            appendAttributeName("CLASS", isFirst: &isFirst)
            appendQuoted(rangeClass)
        }
        appendAttributeName("START-DATE", isFirst: &isFirst)
        appendQuotedDate(range.startDate)
        if let endDate = range.endDate {
            appendAttributeName("END-DATE", isFirst: &isFirst)
            appendQuotedDate(endDate)
        }
        if let duration = range.duration {
            appendAttributeName("DURATION", isFirst: &isFirst)
            append(duration)
        }
        if let plannedDuration = range.plannedDuration {
            appendAttributeName("PLANNED-DURATION", isFirst: &isFirst)
            append(plannedDuration)
        }
        for attribute in range.clientAttributes {
            appendAttributeName(attribute.name, isFirst: &isFirst)
            switch attribute.value {
            case .string(let text): appendQuoted(text)
            case .hex(let bytes): appendHex(bytes)
            case .number(let number): appendDecimal(number)
            }
        }
        if let command = range.scte35Command {
            appendAttributeName("SCTE35-CMD", isFirst: &isFirst)
            appendHex(command)
        }
        if let out = range.scte35Out {
            appendAttributeName("SCTE35-OUT", isFirst: &isFirst)
            appendHex(out)
        }
        if let scte35In = range.scte35In {
            appendAttributeName("SCTE35-IN", isFirst: &isFirst)
            appendHex(scte35In)
        }
        if range.endOnNext {
            appendAttributeName("END-ON-NEXT", isFirst: &isFirst)
            append("YES")
        }
        appendOtherAttributes(range.otherAttributes, isFirst: &isFirst)
        appendNewline()
    }

    private mutating func appendQuotedDate(_ date: HLSDate) {
        append(byte: UInt8(ascii: "\""))
        appendISO8601(date.millisecondsSince1970)
        append(byte: UInt8(ascii: "\""))
    }
}
