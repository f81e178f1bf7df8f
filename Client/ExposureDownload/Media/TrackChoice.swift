import HLS

/// The variant and renditions a ``MediaTrackSelection`` picks from a master playlist.
package struct TrackChoice: Sendable, Hashable {
    /// The one video rendition.
    package var variant: VariantStream
    /// The audio renditions, in playlist order.
    package var audios: [Rendition]
    /// The subtitle renditions, in playlist order.
    package var subtitles: [Rendition]
    /// The closed-caption renditions the variant names: carried in the video, so nothing to fetch.
    package var closedCaptions: [Rendition]

    /// The variants a user chooses among, lowest bitrate first: those with video, or every
    /// variant of an audio-only stream (a podcast's master lists only its audio variant).
    package static func videoVariants(of master: MasterPlaylist) -> [VariantStream] {
        let withVideo = master.variants.filter(\.hasVideo)
        return (withVideo.isEmpty ? master.variants : withVideo).sorted { $0.bandwidth < $1.bandwidth }
    }

    /// Resolves `selection` against `master`; every language asked for must be offered.
    package static func resolve(_ selection: MediaTrackSelection, in master: MasterPlaylist) throws(MediaDownloadFailure) -> TrackChoice {
        let variants = videoVariants(of: master)
        let picked = selection.videoBitrate.map { bitrate in variants.first { $0.bandwidth == bitrate } } ?? variants.last
        guard let variant = picked else {
            let offered = variants.map { String($0.bandwidth) }.joined(separator: ", ")
            throw .invalidSource(
                selection.videoBitrate.map { "no video rendition at \($0) bit/s (offered: \(offered))" }
                    ?? "the master playlist has no variant")
        }
        let audios = try pick(
            selection.audioLanguages, from: variant.audioGroup.map { master.renditions(ofType: .audio, inGroup: $0) }, kind: "audio")
        let subtitles = try pick(
            selection.subtitleLanguages, from: variant.subtitlesGroup.map { master.renditions(ofType: .subtitles, inGroup: $0) },
            kind: "subtitle")
        let captions: [Rendition] =
            if case .group(let group)? = variant.closedCaptions {
                master.renditions(ofType: .closedCaptions, inGroup: group)
            } else { [] }
        return TrackChoice(variant: variant, audios: audios, subtitles: subtitles, closedCaptions: captions)
    }

    private static func pick(_ languages: [String]?, from group: [Rendition]?, kind: String) throws(MediaDownloadFailure) -> [Rendition] {
        let offered = (group ?? []).filter { $0.uri != nil }
        guard let languages else { return offered }
        let missing = languages.filter { language in !offered.contains { $0.language == language } }
        guard missing.isEmpty else {
            let available = offered.compactMap(\.language).joined(separator: ", ")
            throw .invalidSource(
                "no \(kind) rendition in \(missing.joined(separator: ", ")) (offered: \(available.isEmpty ? "none" : available))")
        }
        return offered.filter { $0.language.map(languages.contains) ?? false }
    }
}

extension VariantStream {
    /// Whether the variant carries pictures: it has a resolution, or a video codec in `CODECS`.
    var hasVideo: Bool {
        if resolution != nil { return true }
        guard let codecs else { return false }
        return codecs.split(separator: ",").contains { codec in
            ["avc1", "avc3", "hvc1", "hev1", "dvh1", "dvhe", "av01", "vp09"].contains { codec.drop { $0 == " " }.hasPrefix($0) }
        }
    }
}

extension MediaTracks {
    /// The tracks `master` offers: its video variants lowest bitrate first, the audio and subtitle
    /// renditions (with a playlist) of the groups those variants name, each language and name once.
    package init(master: MasterPlaylist) {
        let variants = TrackChoice.videoVariants(of: master)
        func media(_ type: Rendition.MediaType, _ group: (VariantStream) -> String?) -> [Media] {
            let groups = Set(variants.compactMap(group))
            var seen = Set<Media>()
            return master.renditions.filter { $0.type == type && groups.contains($0.groupID) && $0.uri != nil }
                .map { Media(language: $0.language ?? "und", name: $0.name) }
                .filter { seen.insert($0).inserted }
        }
        self.init(
            videos: variants.map {
                Video(bitrate: $0.bandwidth, resolution: $0.resolution.map { "\($0.width)x\($0.height)" }, codecs: $0.codecs)
            },
            audios: media(.audio, \.audioGroup),
            subtitles: media(.subtitles, \.subtitlesGroup))
    }
}
