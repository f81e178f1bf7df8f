import Clocks
import Exposure
import Foundation
import HLS
import MockPlatform
import Testing

/// What playlists announce agrees with the rest of the platform: DATERANGE programs with the
/// EPG at the same instant, SSAI ad markers with the entitlement's `ads.clips`, sprite cues
/// with the title's duration and the JPEG sheets they point into.
@Suite struct StreamMetadataEndToEndTests {
    static let programClass = "com.redbeemedia.program"
    static let adClass = "com.redbeemedia.ad"

    private func mediaPlaylist(_ url: URL) async throws -> MediaPlaylist {
        let response = try await HTTP.get(url)
        #expect(response.status == 200, "GET \(url)")
        return try HLSParser.parseMedia(Array(response.body))
    }

    @Test(arguments: [
        ("news-24", Int64(611_000)), ("sport-max", Int64(905_000)), ("kids-fun", Int64(3_333_000)), ("news-24", Int64(7_200_001))
    ])
    func liveDateRangeProgramsMatchTheEPG(channel: String, offsetMs: Int64) async throws {
        let now = StreamPlatform.noon + offsetMs
        let mock = try StreamPlatform(nowMs: now)
        let master = try await mock.streamURL(channel)
        let playlist = try await mediaPlaylist(master.deletingLastPathComponent().appendingPathComponent("video/360p.m3u8"))
        let first = try #require(playlist.segments.first?.programDateTime).millisecondsSince1970
        let last = try #require(playlist.segments.last?.programDateTime).millisecondsSince1970
        let end = last + (playlist.segments.last?.duration.milliseconds ?? 0)

        let epgURL = "\(mock.base)/v1/customer/Sandbox/businessunit/Dev/epg/\(channel)?from=\(first - 86_400_000)&to=\(end + 86_400_000)"
        let epg = try ExposureJSON.decode(ChannelEpg.self, from: try await HTTP.get(epgURL).body)
        let expected = epg.programs.filter { program in
            guard let start = program.startTime, let stop = program.endTime else { return false }
            return Int64(start.timeIntervalSince1970 * 1000) < end && Int64(stop.timeIntervalSince1970 * 1000) > first
        }
        let ranges = playlist.allDateRanges.filter { $0.rangeClass == Self.programClass }
        #expect(!expected.isEmpty)
        #expect(ranges.map(\.id) == expected.map(\.programId), "DATERANGE programs vs EPG")
        for (range, program) in zip(ranges, expected) {
            #expect(range.startDate.millisecondsSince1970 == program.startTime.map { Int64(($0.timeIntervalSince1970 * 1000).rounded()) })
            #expect(range.endDate?.millisecondsSince1970 == program.endTime.map { Int64(($0.timeIntervalSince1970 * 1000).rounded()) })
            #expect(range[client: "X-PROGRAM-ID"] == .string(program.programId))
            #expect(range[client: "X-ASSET-ID"] == .string(program.assetId))
        }
        // The last one announced is the program on air now, unless that one began less than a
        // segment ago (its first segment is not published yet: the live edge lags one segment).
        let airing = try #require(try await mock.entitlement(channel).streamInfo?.programId)
        let airingStart = try #require(epg.programs.first { $0.programId == airing }?.startTime)
        let justStarted = now - Int64(airingStart.timeIntervalSince1970 * 1000) < 2_000
        #expect(ranges.last?.id == airing || (justStarted && ranges.last?.endDate?.millisecondsSince1970 == end))
    }

    @Test func ssaiAdMarkersMatchTheEntitlementClips() async throws {
        let mock = try StreamPlatform()
        let entitlement = try await mock.entitlement("mountain-ssai")
        let clips = try #require(entitlement.ads?.clips)
        let master = try #require(entitlement.playableFormat.flatMap { URL(string: $0.mediaLocator) })
        for rendition in ["video/360p.m3u8", "audio/sv.m3u8"] {
            let playlist = try await mediaPlaylist(master.deletingLastPathComponent().appendingPathComponent(rendition))
            let anchor = try #require(playlist.segments.first?.programDateTime).millisecondsSince1970
            let markers = DateRangeChecksMerge.merged(playlist.allDateRanges.filter { $0.rangeClass == Self.adClass })
            var clock = anchor
            var expected: [(start: Int64, duration: Int64, id: String?)] = []
            for clip in clips {
                if clip.category == "ad" { expected.append((clock, clip.duration ?? -1, clip.titleId)) }
                clock += clip.duration ?? 0
            }
            #expect(markers.count == expected.count, "\(rendition): one marker per ad clip")
            for (marker, clip) in zip(markers, expected) {
                #expect(marker.startDate.millisecondsSince1970 == clip.start, "\(rendition) \(marker.id) start")
                #expect(marker.duration?.milliseconds == clip.duration, "\(rendition) \(marker.id) duration")
                #expect(marker.plannedDuration?.milliseconds == clip.duration)
                #expect(marker[client: "X-AD-ID"] == clip.id.map(ClientAttribute.Value.string))
                #expect(marker.scte35Out != nil && marker.scte35In != nil)
                // The marker starts exactly on a segment, and that segment starts a new clip.
                let segment = playlist.segments.first { $0.programDateTime == marker.startDate }
                #expect(segment != nil, "\(marker.id) starts on a segment boundary")
                #expect(segment?.discontinuity == true || segment == playlist.segments.first)
            }
            // The playlist lasts as long as the clips together (PDTs are nominal, EXTINFs exact).
            let lastPDT = try #require(playlist.segments.last?.programDateTime).millisecondsSince1970
            #expect(lastPDT + 2_000 == clock)
            #expect(entitlement.durationInMs == clock - anchor)
        }
    }

    @Test(arguments: ["arctic-journey", "mountain-ssai", "behind-the-scenes", "catch-up"])
    func spriteCuesCoverTheTitleAndStayInsideTheirJPEGs(asset: String) async throws {
        let mock = try StreamPlatform()
        let assetId =
            asset == "catch-up"
            ? mock.platform.context.catalog.schedules["news-24"]!.program(
                at: WallTime(millisecondsSince1970: StreamPlatform.noon - 3 * 3_600_000)
            ).assetId : asset
        let entitlement = try await mock.entitlement(assetId)
        let duration = try #require(entitlement.durationInMs)
        let sprites = try #require(entitlement.sprites)
        #expect(sprites.count == 2)
        var sheetSizes: [URL: (width: Int, height: Int)] = [:]
        for sprite in sprites {
            let vttURL = try #require(sprite.vtt.flatMap { URL(string: $0) })
            let spriteWidth = try #require(sprite.width)
            let response = try await HTTP.get(vttURL)
            #expect(response.status == 200)
            #expect(response.header("Content-Type")?.hasPrefix("text/vtt") == true)
            let track = try SpriteVTT.parse(Array(response.body))
            #expect(track.cues.first?.startMilliseconds == 0, "\(asset) \(spriteWidth): starts at 0")
            #expect(track.cues.last?.endMilliseconds == duration, "\(asset) \(spriteWidth): ends at the duration")
            for (previous, next) in zip(track.cues, track.cues.dropFirst()) where previous.endMilliseconds != next.startMilliseconds {
                Issue.record("\(asset) \(spriteWidth): gap or overlap between \(previous.endMilliseconds) and \(next.startMilliseconds)")
            }
            for cue in track.cues {
                let image = try #require(cue.imageURL(relativeTo: vttURL))
                if sheetSizes[image] == nil {
                    let sheet = try await HTTP.get(image)
                    #expect(sheet.status == 200 && sheet.header("Content-Type") == "image/jpeg", "\(image)")
                    sheetSizes[image] = try JPEGSize.of(Array(sheet.body))
                }
                let size = try #require(sheetSizes[image])
                let region = try #require(cue.region)
                let inside =
                    region.x >= 0 && region.y >= 0 && region.width > 0 && region.height > 0
                    && region.x + region.width <= size.width && region.y + region.height <= size.height
                #expect(
                    inside,
                    "\(asset): #xywh=\(region.x),\(region.y),\(region.width),\(region.height) outside \(size.width)x\(size.height) \(image)"
                )
                #expect(region.width == spriteWidth)
            }
        }
        #expect(!sheetSizes.isEmpty)
    }

    @Test func jpegSizeReadsBaselineAndProgressiveFrames() throws {
        // SOI, APP0 (length 4), SOF0 with height 90 and width 160.
        let baseline: [UInt8] = [
            0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x04, 0x00, 0x00, 0xFF, 0xC0, 0x00, 0x0B, 0x08, 0x00, 0x5A, 0x00, 0xA0, 0x01, 0x01, 0x11, 0x00
        ]
        #expect(try JPEGSize.of(baseline) == (160, 90))
        var progressive = baseline
        progressive[9] = 0xC2
        #expect(try JPEGSize.of(progressive) == (160, 90))
        var huffmanOnly = baseline
        huffmanOnly[9] = 0xC4
        #expect(throws: JPEGSize.NotAJPEG.self) { try JPEGSize.of(huffmanOnly) }
        #expect(throws: JPEGSize.NotAJPEG.self) { try JPEGSize.of([0x89, 0x50, 0x4E, 0x47, 0, 0]) }
    }
}

/// Tags of one ID merged into one range, in order of first appearance.
enum DateRangeChecksMerge {
    static func merged(_ tags: [DateRange]) -> [DateRange] {
        var order: [String] = []
        var byID: [String: DateRange] = [:]
        for tag in tags {
            if let existing = byID[tag.id] {
                byID[tag.id] = existing.merged(with: tag)
            } else {
                order.append(tag.id)
                byID[tag.id] = tag
            }
        }
        return order.compactMap { byID[$0] }
    }
}
