import Clocks
import ExposureModels
import Foundation
import HLS
import MockPlatform
import MockPlatformTesting
import Testing

/// Playlist Delta Updates (RFC 8216bis §6.2.5.1): live and growing EVENT playlists advertise
/// `CAN-SKIP-UNTIL`, answer `_HLS_skip=YES` with a valid update, and that update merged into the
/// previous full playlist is exactly the full playlist of the same moment — across segment
/// boundaries, ad-break ends, reel wraps and program boundaries. Virtual time, no sleeps.
@Suite struct DeltaUpdateTests {
    /// 2026-11-30T12:00:00Z: a program start on every channel and a summer-concert start.
    static let noon: Int64 = 1_796_040_000_000
    static let skipBoundary = HLSDuration.seconds(24)

    let mock: InProcessPlatform
    let token: String

    init() throws {
        try self.init(mock: InProcessPlatform(nowMs: Self.noon))
    }

    init(mock: InProcessPlatform) throws {
        self.mock = mock
        token = try mock.login("premium")
    }

    private var schedules: [String: ChannelSchedule] { mock.platform.context.catalog.schedules }

    /// Every media playlist path under the master at `base` (a stream folder ending in `/`).
    private func renditionPaths(_ base: String) throws -> [String] {
        let master = try HLSParser.parseMaster(Array(mock.get(base + "master.m3u8").body))
        // Without the play token an encrypted stream's URIs carry: the tests add their own query.
        return StreamValidator.mediaURIs(of: master).map { base + $0.prefix { $0 != "?" } }
    }

    /// The body of `path` with `query`, requiring a 200 playlist.
    private func body(_ path: String, _ query: String = "") -> [UInt8] {
        let response = mock.get(path + query)
        #expect(response.status == 200, "GET \(path)\(query)")
        return Array(response.body)
    }

    /// One rendition at one instant: the full playlist and both delta updates.
    struct Load {
        let path: String
        let full: MediaPlaylist
        let delta: MediaPlaylist
        let deltaBytes: [UInt8]
        /// `_HLS_skip=v2`: skips the DATERANGE tags added before the Skip Boundary too.
        let skippingDateRanges: MediaPlaylist
        let skippingDateRangesBytes: [UInt8]
    }

    private func load(_ paths: [String], atMs nowMs: Int64) throws -> [Load] {
        mock.setNow(nowMs)
        return try paths.map { path in
            let deltaBytes = body(path, "?_HLS_skip=YES")
            let v2Bytes = body(path, "?_HLS_skip=v2")
            return Load(
                path: path, full: try HLSParser.parseMedia(body(path)), delta: try HLSParser.parseMedia(deltaBytes), deltaBytes: deltaBytes,
                skippingDateRanges: try HLSParser.parseMedia(v2Bytes), skippingDateRangesBytes: v2Bytes)
        }
    }

    /// Loads every rendition at `before` and at `after` and checks the update served at `after`
    /// on its own, against the full playlist of `after`, and merged into the full one of `before`.
    @discardableResult
    private func checkReload(
        _ base: String, kind: HLSValidator.MediaPlaylistKind, from before: Int64, to after: Int64, _ what: String
    ) throws -> [(previous: MediaPlaylist, now: Load)] {
        mock.setNow(before)
        let paths = try renditionPaths(base)
        let first = try load(paths, atMs: before)
        let second = try load(paths, atMs: after)
        var pairs: [(MediaPlaylist, Load)] = []
        for (previous, now) in zip(first.map(\.full), second) {
            let here = "\(what) \(now.path)"
            expectNoViolations(HLSValidator.validate(mediaText: now.deltaBytes, kind: kind), "\(here), delta update")
            expectNoViolations(HLSValidator.validateReload(previous: previous, next: now.delta, kind: kind), "\(here), delta as reload")
            expectNoViolations(HLSValidator.validateDeltaUpdate(now.delta, previous: previous, full: now.full), "\(here), delta vs full")
            let merged = previous.applying(deltaUpdate: now.delta)
            #expect(merged != nil && merged == now.full, "\(here): the merged update is the full playlist")
            expectShape(of: now.delta, full: now.full, here)
            let v2 = now.skippingDateRanges
            expectNoViolations(HLSValidator.validate(mediaText: now.skippingDateRangesBytes, kind: kind), "\(here), v2 update")
            expectNoViolations(HLSValidator.validateDeltaUpdate(v2, previous: previous, full: now.full), "\(here), v2 vs full")
            #expect(previous.applying(deltaUpdate: v2) == now.full, "\(here): the merged v2 update is the full playlist")
            #expect(v2.version == 10 && v2.skipped?.recentlyRemovedDateRangeIDs != nil, "\(here): v2 header")
            #expect(v2.segments.map(\.uri) == now.delta.segments.map(\.uri), "\(here): v2 lists the same segments")
            #expect(Set(v2.allDateRanges).isSubset(of: Set(now.delta.allDateRanges)), "\(here): v2 carries only some DATERANGEs")
            pairs.append((previous, now))
        }
        return pairs
    }

    /// The update has the full playlist's header at version 9, skips exactly the segments that
    /// end before the Skip Boundary, dates its first listed segment and carries every DATERANGE.
    private func expectShape(of delta: MediaPlaylist, full: MediaPlaylist, _ what: String) {
        #expect(delta.version == 9 && full.version == 6, "\(what): versions")
        #expect(
            delta.mediaSequence == full.mediaSequence && delta.discontinuitySequence == full.discontinuitySequence, "\(what): sequences")
        #expect(
            delta.serverControl == full.serverControl && delta.serverControl?.canSkipUntil == Self.skipBoundary, "\(what): SERVER-CONTROL")
        #expect(delta.skippedSegmentCount + delta.segments.count == full.segments.count, "\(what): skipped + listed = window")
        #expect(
            Array(full.segments.suffix(delta.segments.count)).map(\.uri) == delta.segments.map(\.uri), "\(what): listed = the window's tail"
        )
        #expect(delta.segments.first?.programDateTime != nil, "\(what): PROGRAM-DATE-TIME after EXT-X-SKIP")
        #expect(delta.allDateRanges == full.allDateRanges, "\(what): every DATERANGE")
        #expect(delta.skipped?.recentlyRemovedDateRangeIDs == nil)
        // Minimal: the listed segments reach the boundary, one fewer would not.
        if delta.skippedSegmentCount > 0 {
            #expect(delta.totalDuration >= Self.skipBoundary, "\(what): listed ≥ boundary")
            #expect(delta.totalDuration - delta.segments[0].duration < Self.skipBoundary, "\(what): no segment within the boundary skipped")
        }
    }

    @Test(arguments: ["news-24", "kids-fun", "sport-max"])
    func fullLivePlaylistsAdvertiseTheSkipBoundary(channel: String) throws {
        mock.setNow(Self.noon + 611_001)
        for path in try renditionPaths("/streams/live/\(channel)/") {
            let text = String(decoding: body(path), as: UTF8.self)
            #expect(text.contains("\n#EXT-X-SERVER-CONTROL:CAN-SKIP-UNTIL=24.000,CAN-SKIP-DATERANGES=YES\n"), "\(path)")
            #expect(!text.contains("#EXT-X-SKIP"), "\(path)")
            let update = mock.get(path + "?_HLS_skip=YES")
            #expect(update.headers["Cache-Control"] == "max-age=1" && update.headers["Content-Type"] == "application/vnd.apple.mpegurl")
        }
    }

    @Test(arguments: ["news-24", "sport-max"])
    func aDVRUpdateListsOnlyTheLastTwentyFourSeconds(channel: String) throws {
        let now = Self.noon + 40 * 60_000 + 6_001
        for load in try load(renditionPaths("/streams/live/\(channel)/"), atMs: now) {
            #expect(load.full.segments.count == 3_600)
            #expect((12...13).contains(load.delta.segments.count), "\(load.path): \(load.delta.segments.count) listed")
            // Two hours of program and ad DATERANGEs make up most of it; the full playlist is ~70× larger.
            #expect(load.deltaBytes.count < 8_000, "\(load.path): \(load.deltaBytes.count) bytes")
            #expect(
                String(decoding: load.deltaBytes, as: UTF8.self).contains(
                    "\n#EXT-X-SKIP:SKIPPED-SEGMENTS=\(load.delta.skippedSegmentCount)\n"))
        }
    }

    @Test(arguments: ["news-24", "kids-fun", "sport-max"])
    func reloadAcrossASegmentBoundary(channel: String) throws {
        let boundary = Self.noon + 40 * 60_000 + 6_000
        try checkReload("/streams/live/\(channel)/", kind: .live, from: boundary - 1, to: boundary + 1, "\(channel) segment boundary")
    }

    @Test func aWindowShorterThanTheBoundarySkipsNothing() throws {
        // kids-fun keeps 10 segments (20 s), less than the 24-s boundary.
        for (_, now) in try checkReload("/streams/live/kids-fun/", kind: .live, from: Self.noon + 3_000, to: Self.noon + 5_000, "kids-fun")
        {
            #expect(now.delta.skipped == SkippedSegments(count: 0))
            #expect(now.delta.segments == now.full.segments)
        }
    }

    @Test(arguments: [("news-24", 10, 10_000), ("sport-max", 15, 10_000)])
    func reloadAcrossAnAdBreakEnd(channel: String, offsetMinutes: Int64, breakMs: Int64) throws {
        let program = schedules[channel]!.program(at: WallTime(millisecondsSince1970: Self.noon + 3 * 3_600_000))
        let breakEnd = program.start.millisecondsSince1970 + offsetMinutes * 60_000 + breakMs
        let id = "ad-\(program.programId)"
        let pairs = try checkReload("/streams/live/\(channel)/", kind: .live, from: breakEnd - 1, to: breakEnd, "\(channel) ad break end")
        // The IN tag of the break that just ended is in the update (the break is within the listed tail).
        for (_, now) in pairs where now.full.allDateRanges.contains(where: { $0.id == id }) {
            #expect(now.delta.allDateRanges.filter { $0.id == id }.count == 2, "\(now.path): OUT and IN")
        }
        #expect(pairs.contains { $0.now.delta.allDateRanges.contains { $0.id == id } })
        // …and stays in later updates once the whole break has been skipped.
        let later = breakEnd + 5 * 60_000
        try checkReload("/streams/live/\(channel)/", kind: .live, from: later - 2_000, to: later, "\(channel) after the break")
    }

    @Test func reloadAcrossReelWraps() throws {
        // A reel wrap (discontinuity) at segment n: inside the listed tail when the live edge is
        // just past it, inside the skipped part later, and leaving the window 3,600 segments on.
        let program = schedules["news-24"]!.program(at: WallTime(millisecondsSince1970: Self.noon))
        let n = program.start.millisecondsSince1970 / 2_000 + 60
        for edge in [n + 1, n + 13, n + 14, n + 400] {
            try checkReload(
                "/streams/live/news-24/", kind: .live, from: edge * 2_000 - 1, to: edge * 2_000, "news-24 reel wrap, edge \(edge)")
        }
        let leaving = n + 3_601
        for (previous, now) in try checkReload(
            "/streams/live/news-24/", kind: .live, from: leaving * 2_000 - 1, to: leaving * 2_000, "news-24 wrap leaving")
        {
            #expect(previous.firstMediaSequence == n && previous.segments[0].discontinuity)
            #expect(
                now.delta.discontinuitySequence == previous.firstDiscontinuitySequence + 1,
                "\(now.path): the update counts the wrap that left")
        }
    }

    @Test(arguments: ["news-24", "kids-fun", "sport-max"])
    func reloadAcrossAProgramBoundary(channel: String) throws {
        let program = schedules[channel]!.program(at: WallTime(millisecondsSince1970: Self.noon + 5 * 3_600_000))
        let start = program.start.millisecondsSince1970 / 2_000
        for edge in [start + 1, start + 12, start + 13, start + 20] {
            try checkReload(
                "/streams/live/\(channel)/", kind: .live, from: edge * 2_000 - 1, to: edge * 2_000,
                "\(channel) program boundary +\(edge - start)")
            // A copy as old as a client may hold when it asks for an update: half the boundary.
            try checkReload(
                "/streams/live/\(channel)/", kind: .live, from: edge * 2_000 - 12_000, to: edge * 2_000,
                "\(channel) +\(edge - start), 12-s copy")
        }
        // The program that has just started is announced in the update's listed tail.
        mock.setNow((start + 1) * 2_000)
        let delta = try HLSParser.parseMedia(body("/streams/live/\(channel)/video/360p.m3u8", "?_HLS_skip=YES"))
        let tag = try #require(delta.allDateRanges.first { $0.id == program.programId })
        #expect(tag.startDate.millisecondsSince1970 == program.start.millisecondsSince1970)
    }

    /// The v2 update carries only the tags added within the Skip Boundary (RFC 8216bis
    /// §6.2.5.1): none mid-program, the new program's at its start, and a range that leaves the
    /// window is listed as recently removed for one Skip Boundary.
    @Test func aV2UpdateCarriesOnlyWhatChangedWithinTheSkipBoundary() throws {
        let path = "/streams/live/news-24/video/360p.m3u8"
        let program = schedules["news-24"]!.program(at: WallTime(millisecondsSince1970: Self.noon + 5 * 3_600_000))
        func update(atMs nowMs: Int64) throws -> (playlist: MediaPlaylist, bytes: Int) {
            mock.setNow(nowMs)
            let bytes = body(path, "?_HLS_skip=v2")
            return (try HLSParser.parseMedia(bytes), bytes.count)
        }
        let quiet = try update(atMs: program.start.millisecondsSince1970 + 5 * 60_000 + 1)
        #expect(quiet.playlist.allDateRanges.isEmpty && quiet.playlist.skipped?.recentlyRemovedDateRangeIDs == [])
        #expect(quiet.bytes < 2_000, "\(quiet.bytes) bytes: segments only")
        // The tag is added when the window's end passes the program's start (its first segment
        // is complete), and is old 24 s later; so is a removal.
        for (offset, announced) in [(2_000 as Int64, true), (24_000, true), (26_000, false)] {
            let ids = try update(atMs: program.start.millisecondsSince1970 + offset).playlist.allDateRanges.map(\.id)
            #expect(ids.contains(program.programId) == announced, "+\(offset) ms: \(ids)")
        }
        // The window (2 h) lets go of a program once it starts after the program's end.
        let leaving = program.end.millisecondsSince1970 + 7_200_000
        for (offset, listed) in [(-2_000 as Int64, false), (0, true), (22_000, true), (24_000, false)] {
            let removed = try update(atMs: leaving + offset).playlist.skipped?.recentlyRemovedDateRangeIDs ?? []
            #expect(removed.contains(program.programId) == listed, "+\(offset) ms: \(removed)")
        }
    }

    /// A 30-s break (longer than the boundary) on news-24 and a 4-s one on kids-fun, whose
    /// 20-s window holds it for less than the boundary: every reload across each break's life,
    /// from 2-s and 12-s copies, merges into the full playlist. At the long break's end the v2
    /// update carries its IN tag alone (the OUT tag is older than 24 s); the short break is
    /// listed as removed as soon as it leaves, though the window of 24 s before never had it.
    @Test func breaksLongerAndShorterThanTheBoundary() throws {
        let sandbox = try FixtureSandbox()
        try sandbox.editJSON("catalog/assets.json") { assets in
            for index in (assets.arrayValue ?? []).indices {
                switch assets[index]["assetId"]?.stringValue {
                case "news-24":
                    assets[index]["mock"]?["channel"]?["adBreak"]?["ads"] = .array([.string("ad-2"), .string("ad-2"), .string("ad-2")])
                case "kids-fun":
                    assets[index]["mock"]?["channel"]?["adBreak"] = .object([
                        "offsetMinutes": .integer(10), "ads": .array([.string("ad-3")])
                    ])
                default: break
                }
            }
        }
        let sandboxed = try DeltaUpdateTests(mock: InProcessPlatform(nowMs: Self.noon, fixtures: sandbox.directory))
        // news-24's break runs 15 segments (its 2-h playlists are costly: only around the edges);
        // kids-fun's runs 2 and leaves its 10-segment window 11 segments after it starts.
        for (channel, offsets) in [("news-24", [1, 15, 16, 28]), ("kids-fun", Array(0...26))] {
            let program = try #require(sandboxed.schedules[channel]).program(at: WallTime(millisecondsSince1970: Self.noon + 3 * 3_600_000))
            let breakStart = (program.start.millisecondsSince1970 + 10 * 60_000) / 2_000
            for edge in offsets.map({ breakStart + Int64($0) }) {
                for age: Int64 in [2_000, 12_000] {
                    try sandboxed.checkReload(
                        "/streams/live/\(channel)/", kind: .live, from: edge * 2_000 - age, to: edge * 2_000,
                        "\(channel) break, edge \(edge), \(age) ms copy")
                }
            }
        }
        let news = try #require(sandboxed.schedules["news-24"]).program(at: WallTime(millisecondsSince1970: Self.noon + 3 * 3_600_000))
        sandboxed.mock.setNow(news.start.millisecondsSince1970 + 10 * 60_000 + 30_000)
        let update = try HLSParser.parseMedia(sandboxed.body("/streams/live/news-24/video/360p.m3u8", "?_HLS_skip=v2"))
        #expect(update.allDateRanges.map { $0.scte35In != nil } == [true], "the IN tag alone: \(update.allDateRanges)")
        let kids = try #require(sandboxed.schedules["kids-fun"]).program(at: WallTime(millisecondsSince1970: Self.noon + 3 * 3_600_000))
        let id = "ad-\(kids.programId)"
        var listedAt: [Int64] = []
        for edge in (kids.start.millisecondsSince1970 + 10 * 60_000)
            / 2_000...((kids.start.millisecondsSince1970 + 10 * 60_000) / 2_000 + 30)
        {
            sandboxed.mock.setNow(edge * 2_000)
            let removed =
                try HLSParser.parseMedia(sandboxed.body("/streams/live/kids-fun/video/360p.m3u8", "?_HLS_skip=v2")).skipped?
                .recentlyRemovedDateRangeIDs ?? []
            if removed.contains(id) { listedAt.append(edge) }
        }
        #expect(listedAt.count == 12, "listed for one Skip Boundary after it left: \(listedAt)")
    }

    /// Reloads at irregular instants over hours, each merged into the full load before it.
    @Test(arguments: ["news-24", "kids-fun", "sport-max"])
    func manyReloadsMergeIntoTheFullPlaylist(channel: String) throws {
        var now = Self.noon - 7_777
        var generator = SplitMix(seed: 11)
        for _ in 0..<8 {
            now += Int64(generator.next() % 2_400_000)
            // Up to 12 s between the two loads: within half the Skip Boundary, as a client keeps to.
            let next = now + Int64(generator.next() % 12_000) + 1
            try checkReload("/streams/live/\(channel)/", kind: .live, from: now, to: next, "\(channel) \(now) → \(next)")
        }
    }

    private func eventBase() throws -> String {
        let path = try mock.streamPath("summer-concert", token: token)
        return String(path.dropLast("master.m3u8".count))
    }

    @Test func aGrowingEventOffersDeltaUpdates() throws {
        let base = try eventBase()
        // Just started (fewer segments than the boundary): nothing to skip yet.
        for (_, now) in try checkReload(base, kind: .event, from: Self.noon + 8_000, to: Self.noon + 10_001, "event start") {
            #expect(now.delta.skippedSegmentCount == 0 && now.delta.playlistType == .event)
        }
        for (_, now) in try checkReload(
            base, kind: .event, from: Self.noon + 30 * 60_000 - 2_000, to: Self.noon + 30 * 60_000 + 1, "event at 30 min")
        {
            #expect(
                now.delta.skippedSegmentCount == now.full.segments.count - now.delta.segments.count && now.delta.skippedSegmentCount > 800)
        }
    }

    @Test func playlistsWithEndListIgnoreTheDirective() throws {
        var paths: [String] = []
        mock.setNow(Self.noon + 100 * 60_000)
        paths += try renditionPaths(eventBase())
        let catchup = schedules["news-24"]!.program(at: WallTime(millisecondsSince1970: Self.noon - 3 * 3_600_000))
        paths += try renditionPaths(String(mock.streamPath(catchup.assetId, token: token).dropLast("master.m3u8".count)))
        paths += try renditionPaths(String(mock.streamPath("arctic-journey", token: token).dropLast("master.m3u8".count)))
        for path in paths {
            let full = body(path)
            #expect(!String(decoding: full, as: UTF8.self).contains("EXT-X-SERVER-CONTROL"), "\(path)")
            #expect(body(path, "?_HLS_skip=YES") == full, "\(path): ENDLIST playlists ignore _HLS_skip")
            #expect(body(path, "?_HLS_skip=v2") == full, "\(path): ENDLIST playlists ignore _HLS_skip=v2")
        }
    }

    @Test func unknownValuesAreAnsweredWithTheFullPlaylist() throws {
        mock.setNow(Self.noon + 611_001)
        let path = "/streams/live/news-24/audio/en.m3u8"
        let full = body(path)
        #expect(body(path, "?_HLS_skip=YES") != full && body(path, "?_HLS_skip=v2") != full)
        for value in ["NO", "yes", "", "v3", "V2", "1"] {
            #expect(body(path, "?_HLS_skip=\(value)") == full, "_HLS_skip=\(value)")
        }
    }
}
