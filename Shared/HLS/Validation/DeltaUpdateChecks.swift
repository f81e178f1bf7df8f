/// The Playlist Delta Update rules: `EXT-X-SERVER-CONTROL:CAN-SKIP-UNTIL` in any media
/// playlist, `EXT-X-SKIP` in a delta update, and a merged update against the full playlist.
struct DeltaUpdateChecks {
    let playlist: MediaPlaylist
    let sourceMap: MediaPlaylistSourceMap?

    func run(into findings: inout Findings) {
        let skipBoundary = playlist.serverControl?.canSkipUntil
        if let skipBoundary, let target = playlist.targetDuration,
            skipBoundary < .seconds(6 * Int64(min(target, 1_000_000_000)))
        {
            findings.add(
                .serverControlSkipBoundary,
                "CAN-SKIP-UNTIL is \(skipBoundary) s, under 6 × the target duration \(target) s.")
        }
        guard let skipped = playlist.skipped else { return }
        let skipLocation = HLSViolation.Location(line: sourceMap?.skipLine)
        if playlist.endList || skipBoundary == nil {
            findings.add(
                .skipInDeltaUpdateOnly,
                playlist.endList
                    ? "EXT-X-SKIP in a playlist with EXT-X-ENDLIST."
                    : "EXT-X-SKIP in a playlist whose EXT-X-SERVER-CONTROL has no CAN-SKIP-UNTIL.",
                skipLocation)
        }
        let requiredVersion = skipped.recentlyRemovedDateRangeIDs == nil ? 9 : 10
        if (playlist.version ?? 1) < requiredVersion {
            findings.add(
                .skipVersion,
                "EXT-X-VERSION is \(playlist.version.map(String.init) ?? "absent (1)"), EXT-X-SKIP here needs \(requiredVersion).",
                skipLocation)
        }
        if let line = sourceMap?.skipLine, let firstSegment = sourceMap?.firstSegmentLine, line > firstSegment {
            findings.add(.skipPosition, "EXT-X-SKIP comes after the first media segment (line \(firstSegment)).", skipLocation)
        }
        if let skipBoundary, skipped.count > 0, playlist.totalDuration < skipBoundary {
            findings.add(
                .skipBoundary,
                "\(skipped.count) segments were skipped, but the \(playlist.segments.count) listed last only \(playlist.totalDuration) s, under CAN-SKIP-UNTIL \(skipBoundary) s.",
                skipLocation)
        }
    }

    /// The first way `merged` (a delta update applied to the previous load) differs from
    /// `full` (the full playlist at the same moment), or nil when they agree on everything a
    /// player takes from them.
    static func difference(merged: MediaPlaylist, full: MediaPlaylist) -> (detail: String, location: HLSViolation.Location)? {
        if merged.firstMediaSequence != full.firstMediaSequence {
            return (
                "EXT-X-MEDIA-SEQUENCE is \(merged.firstMediaSequence) merged, \(full.firstMediaSequence) in the full playlist.", .playlist
            )
        }
        if merged.firstDiscontinuitySequence != full.firstDiscontinuitySequence {
            return (
                "EXT-X-DISCONTINUITY-SEQUENCE is \(merged.firstDiscontinuitySequence) merged, \(full.firstDiscontinuitySequence) in the full playlist.",
                .playlist
            )
        }
        for (index, (mine, theirs)) in zip(merged.segments, full.segments).enumerated() {
            var differences: [String] = []
            if mine.uri != theirs.uri || mine.duration != theirs.duration { differences.append("URI or EXTINF") }
            if mine.discontinuity != theirs.discontinuity { differences.append("EXT-X-DISCONTINUITY") }
            if mine.programDateTime != theirs.programDateTime { differences.append("EXT-X-PROGRAM-DATE-TIME") }
            if mine.dateRanges != theirs.dateRanges { differences.append("the DATERANGE tags before it") }
            if mine != theirs, differences.isEmpty { differences.append("its other tags") }
            if !differences.isEmpty {
                return (
                    "Segment \(full.mediaSequence(ofSegmentAt: index)) differs in \(differences.joined(separator: ", ")).",
                    .init(mediaSequence: full.mediaSequence(ofSegmentAt: index))
                )
            }
        }
        if merged.segments.count != full.segments.count {
            return ("The merged playlist has \(merged.segments.count) segments, the full one \(full.segments.count).", .playlist)
        }
        if merged.allDateRanges != full.allDateRanges {
            return ("The DATERANGE tags after the last segment differ.", .playlist)
        }
        if merged.endList != full.endList || merged.targetDuration != full.targetDuration || merged.playlistType != full.playlistType {
            return ("EXT-X-ENDLIST, EXT-X-TARGETDURATION or EXT-X-PLAYLIST-TYPE differ.", .playlist)
        }
        return nil
    }
}
