/// The rules one media playlist must obey on its own (everything but DATERANGE).
struct MediaChecks {
    let playlist: MediaPlaylist
    let kind: HLSValidator.MediaPlaylistKind
    let sourceMap: MediaPlaylistSourceMap?

    func run(into findings: inout Findings) {
        checkTargetDuration(into: &findings)
        checkHeaderPositions(into: &findings)
        checkProgramDateTimes(into: &findings)
        switch kind {
        case .live: checkLive(into: &findings)
        case .vod:
            if playlist.playlistType != .vod || !playlist.endList {
                findings.add(
                    .vodTags,
                    "A VOD playlist needs EXT-X-PLAYLIST-TYPE:VOD and EXT-X-ENDLIST; found type \(playlist.playlistType?.rawValue ?? "none") and \(playlist.endList ? "" : "no ")ENDLIST.",
                    .init(line: sourceMap?.playlistTypeLine))
            }
        case .event:
            if playlist.playlistType != .event {
                findings.add(
                    .eventPlaylistType,
                    "An EVENT playlist needs EXT-X-PLAYLIST-TYPE:EVENT; found \(playlist.playlistType?.rawValue ?? "none").",
                    .init(line: sourceMap?.playlistTypeLine))
            }
        }
    }

    private func segmentLocation(_ index: Int) -> HLSViolation.Location {
        let lines = sourceMap?.segmentLines ?? []
        return .init(line: index < lines.count ? lines[index] : nil, mediaSequence: playlist.mediaSequence(ofSegmentAt: index))
    }

    private func checkTargetDuration(into findings: inout Findings) {
        guard let target = playlist.targetDuration else {
            findings.add(.targetDurationPresent, "The playlist has no EXT-X-TARGETDURATION.")
            return
        }
        for (index, segment) in playlist.segments.enumerated() where segment.duration.roundedSeconds > Int64(target) {
            findings.add(
                .targetDurationCoversSegments,
                "EXTINF \(segment.duration) rounds to \(segment.duration.roundedSeconds) s, above EXT-X-TARGETDURATION \(target).",
                segmentLocation(index))
        }
    }

    private func checkHeaderPositions(into findings: inout Findings) {
        guard let sourceMap, let firstSegment = sourceMap.firstSegmentLine else { return }
        if let line = sourceMap.mediaSequenceLine, line > firstSegment {
            findings.add(
                .mediaSequencePosition, "EXT-X-MEDIA-SEQUENCE comes after the first segment (line \(firstSegment)).", .init(line: line))
        }
        if let line = sourceMap.discontinuitySequenceLine {
            if line > firstSegment {
                findings.add(
                    .discontinuitySequencePosition,
                    "EXT-X-DISCONTINUITY-SEQUENCE comes after the first segment (line \(firstSegment)).", .init(line: line))
            } else if let discontinuity = sourceMap.firstDiscontinuityLine, line > discontinuity {
                findings.add(
                    .discontinuitySequencePosition,
                    "EXT-X-DISCONTINUITY-SEQUENCE comes after the EXT-X-DISCONTINUITY on line \(discontinuity).", .init(line: line))
            }
        }
    }

    private func checkProgramDateTimes(into findings: inout Findings) {
        for line in sourceMap?.programDateTimeLinesLackingMillisecondsOrZone ?? [] {
            findings.add(.programDateTimeFormat, "EXT-X-PROGRAM-DATE-TIME lacks milliseconds or a zone.", .init(line: line))
        }
        let hasProgramDateTime = playlist.segments.contains { $0.programDateTime != nil }
        guard kind == .live || hasProgramDateTime else { return }
        for (index, segment) in playlist.segments.enumerated() where segment.discontinuity && segment.programDateTime == nil {
            findings.add(
                .programDateTimeAfterDiscontinuity,
                "The segment after EXT-X-DISCONTINUITY has no EXT-X-PROGRAM-DATE-TIME.", segmentLocation(index))
        }
    }

    private func checkLive(into findings: inout Findings) {
        if let type = playlist.playlistType {
            findings.add(
                .livePlaylistTypeAbsent, "A live playlist has EXT-X-PLAYLIST-TYPE:\(type.rawValue).",
                .init(line: sourceMap?.playlistTypeLine))
        }
        if playlist.endList {
            findings.add(.liveEndListAbsent, "A live playlist has EXT-X-ENDLIST.", .init(line: sourceMap?.endListLine))
        }
        if playlist.discontinuitySequence == nil,
            let index = playlist.segments.firstIndex(where: \.discontinuity)
        {
            findings.add(
                .liveDiscontinuitySequencePresent,
                "The playlist has EXT-X-DISCONTINUITY but no EXT-X-DISCONTINUITY-SEQUENCE.", segmentLocation(index))
        }
        // A delta update lists fewer segments: the skipped ones are still in the window.
        let windowSegments = playlist.skippedSegmentCount + playlist.segments.count
        if windowSegments < 6 {
            findings.add(.liveMinimumSegments, "The live window has \(windowSegments) segments.")
        }
        // Clamped so an absurd target duration cannot overflow the microsecond arithmetic. A delta
        // update does not say how long its skipped segments are; skip.boundary covers it.
        if !playlist.isDeltaUpdate, let target = playlist.targetDuration,
            playlist.totalDuration < .seconds(Int64(3 * min(target, 1_000_000_000)))
        {
            findings.add(
                .liveMinimumDuration,
                "The live window lasts \(playlist.totalDuration) s, under 3 × the target duration \(target) s.")
        }
        if !playlist.segments.isEmpty, !playlist.segments.contains(where: { $0.programDateTime != nil }) {
            findings.add(.liveProgramDateTimePresent, "The live playlist has no EXT-X-PROGRAM-DATE-TIME.")
        }
    }
}
