import Clocks
import ExposureModels

/// What downloading an asset takes, track by track: the bytes of the very media files its VOD
/// playlists list, summed over the whole title (the reel loops, so a rendition's size is not
/// its reel's size times anything simple).
struct DownloadInfoBuilder {
    let loaded: LoadedCatalog
    let now: WallTime

    private var media: MediaManifest { loaded.catalog.media }

    /// The tracks of `assetId`'s default material; nil when it has no VOD stream.
    func tracks(assetId: String) -> (
        duration: Duration, videos: [DownloadInfo.Track], audios: [DownloadInfo.Track], subtitles: [DownloadInfo.Track]
    )? {
        guard let stream = StreamResolver(loaded: loaded, now: now).vod(assetId: assetId, material: "default") else { return nil }
        let segments = stream.sequences.map(stream.timeline.segment)
        func bytes(_ key: RenditionKey) -> Int64 {
            segments.reduce(Int64(0)) { total, segment in
                guard case .reel = segment.source.clip, let rendition = key.rendition(of: media.reel),
                    segment.source.index < rendition.segments.count
                else { return total }
                return total + Int64(rendition.segments[segment.source.index].bytes)
            }
        }
        let reel = media.reel
        let videos =
            stream.audioOnly
            ? []
            : reel.video.sorted { ($0.bandwidth ?? 0) < ($1.bandwidth ?? 0) }.map { video in
                DownloadInfo.Track(
                    name: video.name, bitrate: video.bandwidth, fileSize: bytes(.video(video.name)),
                    width: video.width, height: video.height, hlsName: video.name)
            }
        let audios = reel.audio.compactMap { audio in
            audio.language.map { language in
                DownloadInfo.Track(
                    name: audio.name, bitrate: audio.bandwidth, fileSize: bytes(.audio(language)), language: language,
                    hlsName: audio.name)
            }
        }
        let subtitles = reel.subtitles.compactMap { track in
            track.language.map { language in
                DownloadInfo.Track(name: track.name, fileSize: bytes(.subtitles(language)), language: language, hlsName: track.name)
            }
        }
        return (media.segmentDuration * segments.count, videos, audios, subtitles)
    }
}
