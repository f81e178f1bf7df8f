import ExposureDownload
import Foundation
import HLS
import Testing

/// Plans built from playlists given as text: which files, which local names, which local playlists.
@Suite struct PackagePlannerTests {
    static let source = URL(string: "http://cdn.test/streams/vod/title/default/master.m3u8")!

    static let master = """
        #EXTM3U
        #EXT-X-VERSION:6
        #EXT-X-INDEPENDENT-SEGMENTS
        #EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="audio",NAME="English",LANGUAGE="en",DEFAULT=YES,AUTOSELECT=YES,URI="audio/en.m3u8"
        #EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="audio",NAME="Svenska",LANGUAGE="sv",AUTOSELECT=YES,URI="audio/sv.m3u8"
        #EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="English",LANGUAGE="en",AUTOSELECT=YES,URI="subtitles/en.m3u8"
        #EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="Svenska",LANGUAGE="sv",AUTOSELECT=YES,URI="subtitles/sv.m3u8"
        #EXT-X-STREAM-INF:BANDWIDTH=564000,AVERAGE-BANDWIDTH=464000,CODECS="avc1.4d401e,mp4a.40.2",RESOLUTION=640x360,FRAME-RATE=25.000,AUDIO="audio",SUBTITLES="subs"
        video/360p.m3u8
        #EXT-X-STREAM-INF:BANDWIDTH=214000,AVERAGE-BANDWIDTH=184000,CODECS="avc1.4d400c,mp4a.40.2",RESOLUTION=320x180,FRAME-RATE=25.000,AUDIO="audio",SUBTITLES="subs"
        video/180p.m3u8
        #EXT-X-STREAM-INF:BANDWIDTH=70000,AVERAGE-BANDWIDTH=64000,CODECS="mp4a.40.2",AUDIO="audio"
        audio/en.m3u8

        """

    static func media(_ folder: String, extension ext: String, count: Int = 3, extraHeader: String = "", endList: Bool = true) -> String {
        var text = "#EXTM3U\n#EXT-X-VERSION:6\n#EXT-X-TARGETDURATION:2\n#EXT-X-MEDIA-SEQUENCE:0\n#EXT-X-PLAYLIST-TYPE:VOD\n" + extraHeader
        for index in 0..<count { text += "#EXTINF:2.000,\n/media/reel/\(folder)/seg-\(String(format: "%03d", index)).\(ext)\n" }
        return text + (endList ? "#EXT-X-ENDLIST\n" : "")
    }

    static func parsedMaster() throws -> MasterPlaylist { try HLSParser.parseMaster(master) }

    /// The plan of `selection`, with every media playlist as `media(…)` makes it for its URL.
    static func plan(
        _ selection: MediaTrackSelection,
        playlist: (URL) -> String = { url in
            media(url.deletingPathExtension().lastPathComponent, extension: url.path.contains("subtitles") ? "vtt" : "ts")
        }
    ) throws -> PackagePlan {
        let master = try parsedMaster()
        let choice = try TrackChoice.resolve(selection, in: master)
        let tracks = try PackagePlanner.tracks(of: choice, source: source)
        return try PackagePlanner.plan(
            master: master, choice: choice, tracks: tracks,
            playlists: try tracks.map { try HLSParser.parseMedia(playlist($0.url)) })
    }

    @Test func tracksListVideosLowestBitrateFirstAndTheRenditions() throws {
        let tracks = MediaTracks(master: try Self.parsedMaster())
        #expect(tracks.videos.map(\.bitrate) == [214_000, 564_000])
        #expect(tracks.videos.map(\.resolution) == ["320x180", "640x360"])
        #expect(tracks.audios == [.init(language: "en", name: "English"), .init(language: "sv", name: "Svenska")])
        #expect(tracks.subtitles.map(\.language) == ["en", "sv"])
    }

    @Test func anAudioOnlyStreamOffersItsAudioVariant() throws {
        let master = try HLSParser.parseMaster("#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=70000,CODECS=\"mp4a.40.2\"\naudio/en.m3u8\n")
        #expect(MediaTracks(master: master).videos.map(\.bitrate) == [70_000])
    }

    @Test func theSelectionPicksOneVariantAndTheAskedLanguages() throws {
        let plan = try Self.plan(MediaTrackSelection(videoBitrate: 214_000, audioLanguages: ["sv"], subtitleLanguages: ["en"]))
        #expect(Set(plan.playlists.map(\.path)) == ["master.m3u8", "video/index.m3u8", "audio-sv/index.m3u8", "subtitles-en/index.m3u8"])
        #expect(plan.files.count == 9)
        // Interleaved by segment index, so what is fetched first plays first.
        #expect(plan.files.prefix(3).map(\.path) == ["video/00000.ts", "audio-sv/00000.ts", "subtitles-en/00000.vtt"])
        #expect(plan.files[0].url.absoluteString == "http://cdn.test/media/reel/180p/seg-000.ts")
        #expect(plan.files[2].url.absoluteString == "http://cdn.test/media/reel/en/seg-000.vtt")
    }

    @Test func theLocalMasterPointsAtLocalPlaylistsOnly() throws {
        let plan = try Self.plan(MediaTrackSelection(audioLanguages: ["en", "sv"], subtitleLanguages: []))
        let master = try HLSParser.parseMaster(plan.playlists[0].bytes)
        #expect(master.variants.count == 1)
        #expect(master.variants[0].uri == "video/index.m3u8")
        #expect(master.variants[0].bandwidth == 564_000)
        #expect(master.variants[0].audioGroup == "audio")
        #expect(master.variants[0].subtitlesGroup == nil)
        #expect(master.renditions.map(\.uri) == ["audio-en/index.m3u8", "audio-sv/index.m3u8"])
        #expect(master.renditions.first?.isDefault == true)
        #expect(HLSValidator.validate(master: master).isEmpty)
    }

    @Test func localMediaPlaylistsNameTheFilesOfThePlan() throws {
        let plan = try Self.plan(MediaTrackSelection())
        for playlist in plan.playlists.dropFirst() {
            let media = try HLSParser.parseMedia(playlist.bytes)
            let folder = playlist.path.split(separator: "/")[0]
            #expect(media.endList && media.playlistType == .vod)
            let listed = media.segments.map { "\(folder)/\($0.uri)" }
            #expect(listed == plan.files.map(\.path).filter { $0.hasPrefix(folder + "/") })
            #expect(media.segments.allSatisfy { !$0.uri.contains("/") && !$0.uri.contains(":") })
        }
    }

    @Test func initSegmentsArePlannedOnceAndRewritten() throws {
        let plan = try Self.plan(MediaTrackSelection(audioLanguages: [], subtitleLanguages: [])) { _ in
            "#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-TARGETDURATION:2\n#EXT-X-PLAYLIST-TYPE:VOD\n#EXT-X-MAP:URI=\"init.mp4\"\n"
                + "#EXTINF:2.0,\na.m4s\n#EXTINF:2.0,\nb.m4s\n#EXT-X-ENDLIST\n"
        }
        #expect(plan.files.map(\.path) == ["video/init-0.mp4", "video/00000.m4s", "video/00001.m4s"])
        #expect(plan.files[0].url.absoluteString == "http://cdn.test/streams/vod/title/default/video/init.mp4")
        let local = String(decoding: plan.playlists[1].bytes, as: UTF8.self)
        #expect(local.contains("#EXT-X-MAP:URI=\"init-0.mp4\""))
        #expect(!local.contains("init.mp4\""))
    }

    @Test func aLanguageNotOfferedIsAnError() throws {
        #expect(throws: MediaDownloadFailure.invalidSource("no audio rendition in de (offered: en, sv)")) {
            try Self.plan(MediaTrackSelection(audioLanguages: ["de"]))
        }
        #expect(throws: MediaDownloadFailure.self) { try Self.plan(MediaTrackSelection(videoBitrate: 1)) }
    }

    @Test func liveSampleAESForeignKeyFormatAndByteRangePlaylistsAreRefused() throws {
        let refusals = [
            Self.media("x", extension: "ts", endList: false),
            Self.media("x", extension: "ts", extraHeader: "#EXT-X-KEY:METHOD=SAMPLE-AES,URI=\"skd://key\"\n"),
            Self.media(
                "x", extension: "ts", extraHeader: "#EXT-X-KEY:METHOD=AES-128,URI=\"key\",KEYFORMAT=\"com.apple.streamingkeydelivery\"\n"),
            Self.media("x", extension: "ts", extraHeader: "#EXT-X-KEY:METHOD=AES-128\n"),
            "#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXT-X-PLAYLIST-TYPE:VOD\n#EXTINF:2.0,\n#EXT-X-BYTERANGE:100@0\nall.ts\n#EXT-X-ENDLIST\n"
        ]
        for text in refusals {
            #expect(throws: MediaDownloadFailure.self) { try Self.plan(MediaTrackSelection()) { _ in text } }
        }
    }

    @Test func anAES128KeyIsNumberedOncePerURLAndTheLocalPlaylistsNameItOffline() throws {
        let plan = try Self.plan(MediaTrackSelection(audioLanguages: ["en"], subtitleLanguages: [])) { url in
            // The same key for every track (its token in the query), a second one from the third segment of the video.
            let key = "#EXT-X-KEY:METHOD=AES-128,URI=\"/keys/title.0?token=t\"\n"
            let playlist = Self.media(url.deletingPathExtension().lastPathComponent, extension: "ts", extraHeader: key)
            guard url.path.contains("video") else { return playlist }
            return playlist.replacingOccurrences(
                of: "#EXTINF:2.000,\n/media/reel/360p/seg-002",
                with:
                    "#EXT-X-KEY:METHOD=AES-128,URI=\"/keys/title.1?token=t\",IV=0x000102030405060708090A0B0C0D0E0F\n#EXTINF:2.000,\n/media/reel/360p/seg-002"
            )
        }
        #expect(plan.keys.map(\.absoluteString) == ["http://cdn.test/keys/title.0?token=t", "http://cdn.test/keys/title.1?token=t"])
        let video = String(decoding: plan.playlists[1].bytes, as: UTF8.self)
        let audio = String(decoding: plan.playlists[2].bytes, as: UTF8.self)
        #expect(video.contains("#EXT-X-KEY:METHOD=AES-128,URI=\"exposure-offline-key:0\"\n"))
        #expect(video.contains("#EXT-X-KEY:METHOD=AES-128,URI=\"exposure-offline-key:1\",IV=0x000102030405060708090A0B0C0D0E0F\n"))
        #expect(audio.contains("#EXT-X-KEY:METHOD=AES-128,URI=\"exposure-offline-key:0\"\n"))
        #expect(!(video + audio).contains("/keys/"), "no key server URL, no token in the package")
        #expect(try HLSParser.parseMedia(video).segments[2].otherTags.contains { $0.contains("exposure-offline-key:1") })
        #expect(
            HLSURI.resolve("exposure-offline-key:1", against: URL(fileURLWithPath: "/tmp/package/video/index.m3u8"))?.absoluteString
                == "exposure-offline-key:1")
        #expect(plan.files.allSatisfy { !$0.url.path.contains("/keys/") }, "keys are not files of the package")
    }

    @Test func tagAttributesReadTheTagsTheModelKeepsVerbatim() throws {
        let map = try TagAttributes(line: "#EXT-X-MAP:URI=\"init.mp4\",BYTERANGE=\"720@0\"")
        #expect(map.tag == "EXT-X-MAP")
        #expect(map.values == ["URI": "init.mp4", "BYTERANGE": "720@0"])
        #expect(try TagAttributes(line: "#EXT-X-KEY:METHOD=NONE").values["METHOD"] == "NONE")
        #expect(TagAttributes.isTag("EXT-X-MAP", line: "#EXT-X-MAP:URI=\"a\""))
        #expect(!TagAttributes.isTag("EXT-X-MAP", line: "#EXT-X-MAPPED:URI=\"a\""))
        #expect(throws: HLSParseError.self) { try TagAttributes(line: "#EXT-X-MAP:URI=\"unterminated") }
    }
}
