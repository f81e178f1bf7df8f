import HLS

/// Writes a stream's master playlist from the media manifest: a variant per video rendition
/// (with alternate audio and subtitles), plus an audio-only variant; or, for audio-only titles,
/// audio variants alone.
enum MasterPlaylistBuilder {
    static let audioGroup = "audio"
    static let subtitlesGroup = "subs"

    /// The master playlist; with `sessionKey` (an encrypted stream), `EXT-X-SESSION-KEY`
    /// first and the play token's slot in every playlist URI, so the key URIs of the media
    /// playlists a player loads from it carry the token too.
    static func playlist(media: MediaManifest, audioOnly: Bool, sessionKey: SegmentKey? = nil) -> MasterPlaylist {
        var playlist = clearPlaylist(media: media, audioOnly: audioOnly)
        guard let sessionKey else { return playlist }
        playlist.entries =
            [.tag(sessionKey.line(session: true))]
            + playlist.entries.map { entry in
                switch entry {
                case .rendition(var rendition):
                    rendition.uri = rendition.uri.map(PlayTokenSlot.appended(to:))
                    return .rendition(rendition)
                case .variant(var variant):
                    variant.uri = PlayTokenSlot.appended(to: variant.uri)
                    return .variant(variant)
                case .tag:
                    return entry
                }
            }
        return playlist
    }

    private static func clearPlaylist(media: MediaManifest, audioOnly: Bool) -> MasterPlaylist {
        let reel = media.reel
        let audio = reel.audio
        let defaultAudio = audio.first
        let peakAudio = audio.compactMap(\.bandwidth).max() ?? 0
        let averageAudio = audio.compactMap(\.averageBandwidth).max() ?? 0
        let audioCodecs = defaultAudio?.codecs ?? "mp4a.40.2"

        if audioOnly {
            let variants = audio.map { rendition in
                VariantStream(
                    uri: RenditionKey.audio(rendition.language ?? rendition.name).path,
                    bandwidth: rendition.bandwidth ?? 0, averageBandwidth: rendition.averageBandwidth, codecs: audioCodecs)
            }
            return MasterPlaylist(version: 6, independentSegments: true, renditions: [], variants: Array(variants.prefix(1)))
        }

        var renditions = audio.map { rendition in
            Rendition(
                type: .audio, groupID: audioGroup, name: rendition.name, language: rendition.language,
                isDefault: rendition == defaultAudio, autoselect: true, channels: "2",
                uri: RenditionKey.audio(rendition.language ?? rendition.name).path)
        }
        renditions += reel.subtitles.map { rendition in
            Rendition(
                type: .subtitles, groupID: subtitlesGroup, name: rendition.name, language: rendition.language,
                isDefault: false, autoselect: true, forced: false,
                uri: RenditionKey.subtitles(rendition.language ?? rendition.name).path)
        }
        var variants = reel.video.map { video in
            VariantStream(
                uri: RenditionKey.video(video.name).path,
                bandwidth: peak(video, in: media) + peakAudio,
                averageBandwidth: (video.averageBandwidth ?? 0) + averageAudio,
                codecs: [video.codecs, audioCodecs].compactMap { $0 }.joined(separator: ","),
                resolution: video.width.flatMap { width in video.height.map { Resolution(width: width, height: $0) } },
                frameRate: video.frameRate, audioGroup: audioGroup,
                subtitlesGroup: reel.subtitles.isEmpty ? nil : subtitlesGroup, closedCaptions: VariantStream.ClosedCaptions.none)
        }
        if let defaultAudio {
            variants.append(
                VariantStream(
                    uri: RenditionKey.audio(defaultAudio.language ?? defaultAudio.name).path, bandwidth: peakAudio,
                    averageBandwidth: averageAudio, codecs: audioCodecs, audioGroup: audioGroup))
        }
        return MasterPlaylist(version: 6, independentSegments: true, renditions: renditions, variants: variants)
    }

    /// A variant's peak over every clip a stream may stitch in (reel and ads).
    private static func peak(_ video: MediaManifest.Rendition, in media: MediaManifest) -> Int {
        ([media.reel] + media.ads).compactMap { clip in clip.video.first { $0.name == video.name }?.bandwidth }.max() ?? 0
    }
}
