/// The rules the media playlists of one stream must obey together.
struct VariantChecks {
    let playlists: [MediaPlaylist]

    func run(into findings: inout Findings) {
        guard let reference = playlists.first else { return }
        for (index, playlist) in playlists.enumerated().dropFirst() where playlist.targetDuration != reference.targetDuration {
            findings.add(
                .targetDurationStable,
                "EXT-X-TARGETDURATION is \(playlist.targetDuration.map(String.init) ?? "absent") here but \(reference.targetDuration.map(String.init) ?? "absent") in playlist #0.",
                .init(playlistIndex: index))
        }
        checkDiscontinuities(reference: reference, into: &findings)
    }

    /// Over the media sequence numbers every playlist holds, each segment must have the same
    /// discontinuity flag and discontinuity sequence number as in the first playlist.
    private func checkDiscontinuities(reference: MediaPlaylist, into findings: inout Findings) {
        let start = playlists.map(\.firstMediaSequence).max() ?? 0
        let end = playlists.map { $0.firstMediaSequence + $0.segments.count }.min() ?? 0
        guard start < end else { return }
        let expected = Self.discontinuityNumbers(of: reference, in: start..<end)
        for (index, playlist) in playlists.enumerated().dropFirst() {
            let actual = Self.discontinuityNumbers(of: playlist, in: start..<end)
            guard let offset = expected.indices.first(where: { expected[$0] != actual[$0] }) else { continue }
            let sequence = start + offset
            findings.add(
                .variantsDiscontinuitiesAligned,
                "Segment \(sequence) is in discontinuity sequence \(actual[offset].number)\(actual[offset].tagged ? " (tagged)" : "") here but \(expected[offset].number)\(expected[offset].tagged ? " (tagged)" : "") in playlist #0.",
                .init(mediaSequence: sequence, playlistIndex: index))
        }
    }

    private static func discontinuityNumbers(of playlist: MediaPlaylist, in sequences: Range<Int>) -> [(number: Int, tagged: Bool)] {
        var number = playlist.firstDiscontinuitySequence
        var result: [(number: Int, tagged: Bool)] = []
        for (index, segment) in playlist.segments.enumerated() {
            // Counted as players do (hls.js): every tag in the playlist, the first segment's
            // included, adds one to the header value; ReloadChecks counts removals the same way.
            if segment.discontinuity { number += 1 }
            if sequences.contains(playlist.mediaSequence(ofSegmentAt: index)) {
                result.append((number, segment.discontinuity))
            }
        }
        return result
    }
}
