import HLS

/// Generated playlists shaped like the ones the mock serves.
enum PlaylistFixtures {
    /// 2024-03-01T12:00:00.000Z, the epoch of the generated channels.
    static let epoch = HLSDate(millisecondsSince1970: 1_709_294_400_000)

    /// A live window of `count` segments starting at media sequence `first`, built as the
    /// server does: segment n starts at epoch + n·d and a reel of `loop` segments repeats,
    /// with a DISCONTINUITY before every n that is a multiple of `loop` (0: no loop).
    static func liveWindow(
        first: Int = 100, count: Int = 10, segmentSeconds: Int64 = 6, loop: Int = 0, programSegments: Int = 0
    ) -> MediaPlaylist {
        var segments = (first..<first + count).map { sequence in
            MediaSegment(
                uri: "seg-\(sequence).ts",
                duration: .seconds(segmentSeconds),
                discontinuity: loop > 0 && sequence % loop == 0,
                programDateTime: epoch.adding(.seconds(Int64(sequence) * segmentSeconds))
            )
        }
        if programSegments > 0 {
            attachPrograms(to: &segments, first: first, segmentSeconds: segmentSeconds, programSegments: programSegments)
        }
        return MediaPlaylist(
            version: 6,
            targetDuration: Int(segmentSeconds),
            mediaSequence: first,
            // Each tag that slid out adds one: the multiples of `loop` below `first`.
            discontinuitySequence: loop > 0 ? (first + loop - 1) / loop : 0,
            independentSegments: true,
            segments: segments
        )
    }

    /// Program ranges (one per `programSegments` segments) on the segment where each starts,
    /// or on the first segment for the one already running.
    private static func attachPrograms(to segments: inout [MediaSegment], first: Int, segmentSeconds: Int64, programSegments: Int) {
        let last = first + segments.count - 1
        for program in (first / programSegments)...(last / programSegments) {
            let startSequence = program * programSegments
            let range = DateRange(
                id: "program-\(program)",
                rangeClass: "com.redbee.program",
                startDate: epoch.adding(.seconds(Int64(startSequence) * segmentSeconds)),
                duration: .seconds(Int64(programSegments) * segmentSeconds),
                clientAttributes: [
                    ClientAttribute(name: "X-PROGRAM-ID", value: .string("p\(program)")),
                    ClientAttribute(name: "X-PRIORITY", value: .number(1.5)),
                    ClientAttribute(name: "X-CHECKSUM", value: .hex([0xDE, 0xAD, 0xBE, 0xEF]))
                ]
            )
            segments[max(startSequence, first) - first].dateRanges.append(range)
        }
    }

    /// A live window with an SCTE-35 ad break: the OUT tag with PLANNED-DURATION, and the
    /// IN tag under the same ID once the break ended.
    static func liveWindowWithAdBreak() -> MediaPlaylist {
        var playlist = liveWindow(first: 100, count: 12, programSegments: 20)
        let breakStart = playlist.segments[3].programDateTime!
        playlist.segments[3].dateRanges.append(
            DateRange(
                id: "break-1", rangeClass: "com.redbee.ad", startDate: breakStart,
                plannedDuration: .seconds(30), scte35Out: [0xFC, 0x30, 0x11, 0x00],
                clientAttributes: [ClientAttribute(name: "X-AD-ID", value: .string("ad-42"))]))
        playlist.segments[8].dateRanges.append(
            DateRange(
                id: "break-1", startDate: breakStart, duration: .seconds(30), scte35In: [0xFC, 0x30, 0x11, 0x01]))
        return playlist
    }

    /// A live window that offers Playlist Delta Updates with a Skip Boundary of six target
    /// durations (36 s), with reel loops and programs so updates have tags to carry.
    static func liveWindowOfferingDeltaUpdates(first: Int = 100, count: Int = 20) -> MediaPlaylist {
        var playlist = liveWindow(first: first, count: count, loop: 7, programSegments: 8)
        playlist.serverControl = ServerControl(canSkipUntil: .seconds(36))
        return playlist
    }

    /// The Playlist Delta Update standing for `full`: version 9, its first `count` segments
    /// replaced by EXT-X-SKIP and their DATERANGEs written before the first listed segment.
    static func deltaUpdate(of full: MediaPlaylist, skipping count: Int) -> MediaPlaylist {
        var delta = full
        delta.version = 9
        delta.skipped = SkippedSegments(count: count)
        delta.segments = Array(full.segments[count...])
        delta.segments[0].dateRanges = full.segments[..<count].flatMap(\.dateRanges) + delta.segments[0].dateRanges
        return delta
    }

    /// The `_HLS_skip=v2` update standing for `full` to a client holding `previous`: version
    /// 10, its first `count` segments replaced by EXT-X-SKIP, only the DATERANGE tags
    /// `previous` lacks (before the first listed segment when they start earlier), and the IDs
    /// of `previous`'s ranges that `full` no longer has.
    static func deltaUpdateSkippingDateRanges(of full: MediaPlaylist, skipping count: Int, previous: MediaPlaylist) -> MediaPlaylist {
        var delta = deltaUpdate(of: full, skipping: count)
        delta.version = 10
        let known = Set(previous.allDateRanges)
        for index in delta.segments.indices { delta.segments[index].dateRanges.removeAll { known.contains($0) } }
        let remaining = Set(full.allDateRanges.map(\.id))
        var removed: [String] = []
        for id in previous.allDateRanges.map(\.id) where !remaining.contains(id) && !removed.contains(id) { removed.append(id) }
        delta.skipped?.recentlyRemovedDateRangeIDs = removed
        return delta
    }

    /// A VOD playlist with discontinuities, a byte range, a gap, titles and unmodelled tags.
    static func vodWithDiscontinuities() -> MediaPlaylist {
        let durations: [HLSDuration] = [
            .milliseconds(6006), .milliseconds(6006), .milliseconds(3200),
            .seconds(6), .microseconds(5_005_333), .milliseconds(1500)
        ]
        var segments = durations.enumerated().map { index, duration in
            MediaSegment(uri: "media/part-\(index).ts", duration: duration, title: index == 0 ? "Intro, part 1" : "")
        }
        segments[2].discontinuity = true
        segments[4].discontinuity = true
        segments[1].byteRange = ByteRange(length: 75_232, offset: 0)
        segments[3].byteRange = ByteRange(length: 82_112)
        segments[5].gap = true
        segments[3].otherTags = ["#EXT-X-KEY:METHOD=AES-128,URI=\"key-2.bin\"", "#EXT-X-BITRATE:1200"]
        return MediaPlaylist(
            version: 7, targetDuration: 6, mediaSequence: 0, playlistType: .vod, independentSegments: true,
            headerTags: ["#EXT-X-MAP:URI=\"init.mp4\"", "#EXT-X-START:TIME-OFFSET=10.5"],
            segments: segments, endList: true)
    }

    /// A multivariant playlist with audio, subtitle and closed-caption groups.
    static func master() -> MasterPlaylist {
        let renditions = [
            Rendition(
                type: .audio, groupID: "aac", name: "English", language: "en", isDefault: true, autoselect: true,
                channels: "2", uri: "audio/en/index.m3u8"),
            Rendition(
                type: .audio, groupID: "aac", name: "Svenska", language: "sv", isDefault: false, autoselect: true,
                characteristics: "public.accessibility.describes-video", channels: "2", uri: "audio/sv/index.m3u8"),
            Rendition(
                type: .subtitles, groupID: "subs", name: "English", language: "en", isDefault: false, autoselect: true,
                forced: false, uri: "subs/en/index.m3u8"),
            Rendition(
                type: .subtitles, groupID: "subs", name: "Svenska (forced)", language: "sv", autoselect: true,
                forced: true, uri: "subs/sv-forced/index.m3u8",
                otherAttributes: [HLSAttribute(name: "STABLE-RENDITION-ID", value: "sv-f", isQuoted: true)]),
            Rendition(type: .closedCaptions, groupID: "cc", name: "English CC", language: "en", instreamID: "CC1")
        ]
        let variants = [(640, 360, 800_000), (1280, 720, 2_400_000), (1920, 1080, 5_000_000)].map { width, height, bandwidth in
            VariantStream(
                uri: "video/\(height)p/index.m3u8", bandwidth: bandwidth, averageBandwidth: bandwidth * 4 / 5,
                codecs: "avc1.64001f,mp4a.40.2", resolution: Resolution(width: width, height: height), frameRate: 25,
                audioGroup: "aac", subtitlesGroup: "subs", closedCaptions: .group("cc"),
                otherAttributes: [HLSAttribute(name: "HDCP-LEVEL", value: "NONE", isQuoted: false)])
        }
        var entries = renditions.map(MasterPlaylist.Entry.rendition) + variants.map(MasterPlaylist.Entry.variant)
        entries.append(.tag("#EXT-X-I-FRAME-STREAM-INF:BANDWIDTH=90000,URI=\"video/iframes.m3u8\""))
        return MasterPlaylist(version: 6, independentSegments: true, entries: entries)
    }
}
