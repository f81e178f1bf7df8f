import Clocks
import ExposureModels
import Foundation
import HLS
import HTTPServer
import MockPlatform
import Testing

/// Every playlist the mock serves, of every stream kind, passes the HLS validator: the master,
/// each rendition with the rules of its kind, the renditions against each other, and — for
/// playlists that change — reloads after the clock moves (virtual time, no sleeps).
@Suite struct ServedPlaylistValidationTests {
    /// 2026-11-30T12:00:00Z: a program start on every channel and a summer-concert start.
    static let noon: Int64 = 1_796_040_000_000

    let mock: InProcessPlatform
    let token: String

    init() throws {
        mock = try InProcessPlatform(nowMs: Self.noon)
        token = try mock.login("premium")
    }

    private var schedules: [String: ChannelSchedule] { mock.platform.context.catalog.schedules }

    /// One stream to check: how to find its URL and when.
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let assetId: @Sendable (InProcessPlatform) -> String
        let query: String
        /// Platform time, relative to noon.
        let atOffsetMs: Int64
        /// The kind every media playlist must be.
        let kind: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "VOD", assetId: { _ in "arctic-journey" }, query: "", atOffsetMs: 0, kind: "vod"),
        Case(name: "trailer", assetId: { _ in "arctic-journey" }, query: "?materialProfile=TRAILER", atOffsetMs: 0, kind: "vod"),
        Case(name: "SSAI", assetId: { _ in "mountain-ssai" }, query: "", atOffsetMs: 0, kind: "vod"),
        Case(name: "audio-only podcast", assetId: { _ in "tech-talk-e1" }, query: "", atOffsetMs: 0, kind: "vod"),
        Case(name: "clip", assetId: { _ in "behind-the-scenes" }, query: "", atOffsetMs: 0, kind: "vod"),
        Case(name: "live news-24", assetId: { _ in "news-24" }, query: "", atOffsetMs: 611_001, kind: "live"),
        Case(name: "live kids-fun", assetId: { _ in "kids-fun" }, query: "", atOffsetMs: 17_321, kind: "live"),
        Case(name: "live sport-max", assetId: { _ in "sport-max" }, query: "", atOffsetMs: 905_500, kind: "live"),
        Case(
            name: "catch-up",
            assetId: { mock in
                mock.platform.context.catalog.schedules["news-24"]!.program(at: WallTime(millisecondsSince1970: noon - 3 * 3_600_000))
                    .assetId
            }, query: "", atOffsetMs: 0, kind: "vod"),
        Case(name: "event live", assetId: { _ in "summer-concert" }, query: "", atOffsetMs: 30 * 60_000 + 1_234, kind: "event"),
        Case(name: "event ended", assetId: { _ in "summer-concert" }, query: "", atOffsetMs: 100 * 60_000, kind: "event")
    ]

    @Test(arguments: cases)
    func everyPlaylistPassesTheValidator(_ stream: Case) async throws {
        mock.setNow(Self.noon + stream.atOffsetMs)
        let path = try mock.streamPath(stream.assetId(mock), token: token, query: stream.query)
        let report = await mock.streamValidator().validate(masterURL: URL(string: "http://127.0.0.1:8080" + path)!)
        expectClean(report, stream.name)
        let media = report.checked.filter { $0.role == "media" && !$0.reloaded }
        #expect(media.count >= (stream.name == "audio-only podcast" ? 1 : 7), "\(stream.name): every rendition was fetched")
        #expect(media.allSatisfy { $0.kind == stream.kind }, "\(stream.name): \(media.map { $0.kind ?? "?" })")
        let expectsReload = stream.kind == "live" || stream.name == "event live"
        #expect(report.checked.contains(where: \.reloaded) == expectsReload, "\(stream.name): reloaded only when it can change")
        // `_HLS_skip=YES` and `v2` (every changing playlist offers CAN-SKIP-DATERANGES).
        let deltaUpdates = report.checked.filter(\.deltaUpdate)
        #expect(
            deltaUpdates.count == (expectsReload ? 2 * media.count : 0), "\(stream.name): both delta updates of every changing playlist")
    }

    /// A client may ask for a delta update only while its copy is no older than half the Skip
    /// Boundary (RFC 8216bis §6.3.7): after a 20-s wait (the boundary is 24 s) the validator
    /// reloads in full and asks for none.
    @Test func aReloadLaterThanHalfTheSkipBoundaryAsksForNoDeltaUpdate() async throws {
        mock.setNow(Self.noon + 611_000)
        let path = try mock.streamPath("news-24", token: token)
        let validator = mock.streamValidator(reload: .after(.seconds(20)))
        let report = await validator.validate(masterURL: URL(string: "http://127.0.0.1:8080" + path)!)
        expectClean(report, "news-24, 20-s reload")
        #expect(report.checked.contains { $0.reloaded })
        #expect(!report.checked.contains { $0.deltaUpdate })
    }

    /// Every media playlist path of the live channel's master, loaded at `nowMs`.
    private func liveRenditions(_ channel: String, atMs nowMs: Int64) throws -> [(String, MediaPlaylist)] {
        mock.setNow(nowMs)
        let base = "/streams/live/\(channel)/"
        let master = try HLSParser.parseMaster(Array(mock.get(base + "master.m3u8").body))
        return try StreamValidator.mediaURIs(of: master).map { uri in (uri, try mock.mediaPlaylist(base + uri)) }
    }

    /// Loads every rendition at `before` and `after`, validates both loads and the reload.
    @discardableResult
    private func reload(_ channel: String, from before: Int64, to after: Int64, _ what: String) throws -> [(MediaPlaylist, MediaPlaylist)] {
        let first = try liveRenditions(channel, atMs: before)
        let second = try liveRenditions(channel, atMs: after)
        expectNoViolations(HLSValidator.validateVariants(first.map(\.1)), "\(what), first load")
        expectNoViolations(HLSValidator.validateVariants(second.map(\.1)), "\(what), second load")
        var pairs: [(MediaPlaylist, MediaPlaylist)] = []
        for ((uri, previous), (_, next)) in zip(first, second) {
            expectNoViolations(HLSValidator.validate(media: previous, kind: .live), "\(what) \(uri), first load")
            expectNoViolations(HLSValidator.validate(media: next, kind: .live), "\(what) \(uri), second load")
            expectNoViolations(HLSValidator.validateReload(previous: previous, next: next, kind: .live), "\(what) \(uri), reload")
            #expect(next.firstMediaSequence >= previous.firstMediaSequence)
            #expect(next.firstDiscontinuitySequence >= previous.firstDiscontinuitySequence)
            pairs.append((previous, next))
        }
        return pairs
    }

    @Test(arguments: ["news-24", "kids-fun", "sport-max"])
    func reloadAcrossASegmentBoundary(channel: String) throws {
        let boundary = Self.noon + 40 * 60_000 + 6_000
        for (previous, next) in try reload(channel, from: boundary - 1, to: boundary + 1, "\(channel) segment boundary") {
            #expect(next.firstMediaSequence == previous.firstMediaSequence + 1)
            #expect(next.segments.count == previous.segments.count)
            #expect(next.segments.dropLast().map(\.uri) == previous.segments.dropFirst().map(\.uri))
        }
    }

    @Test(arguments: [("news-24", 10, 10_000), ("sport-max", 15, 10_000)])
    func reloadAcrossAnAdBreakEndAddsTheINTag(channel: String, offsetMinutes: Int64, breakMs: Int64) throws {
        let program = schedules[channel]!.program(at: WallTime(millisecondsSince1970: Self.noon + 3 * 3_600_000))
        let breakEnd = program.start.millisecondsSince1970 + offsetMinutes * 60_000 + breakMs
        let id = "ad-\(program.programId)"
        // The window lists segments up to the one before "now": at breakEnd - 1 ms the break's
        // last segment is not listed yet, at breakEnd it is, and the break is over.
        let pairs = try reload(channel, from: breakEnd - 1, to: breakEnd, "\(channel) ad break end")
        for (previous, next) in pairs where previous.allDateRanges.contains(where: { $0.id == id }) {
            let before = previous.allDateRanges.filter { $0.id == id }
            let after = next.allDateRanges.filter { $0.id == id }
            #expect(before.count == 1 && before[0].scte35Out != nil && before[0].plannedDuration == .milliseconds(breakMs))
            #expect(after.count == 2, "the IN tag appears once the break is over")
            let closing = try #require(after.last)
            #expect(closing.scte35In != nil && closing.duration == .milliseconds(breakMs))
            #expect(closing.startDate == before[0].startDate)
            #expect(closing.startDate.millisecondsSince1970 == program.start.millisecondsSince1970 + offsetMinutes * 60_000)
        }
        #expect(pairs.contains { $0.0.allDateRanges.contains { $0.id == id } }, "the break is announced")
    }

    @Test func reloadAcrossAReelWrapLeavingTheWindow() throws {
        // A reel wrap (discontinuity) at segment n, well before the ad break; the window is 3,600
        // segments, so it leaves the window when the live edge reaches n + 3,600.
        let program = schedules["news-24"]!.program(at: WallTime(millisecondsSince1970: Self.noon))
        let n = program.start.millisecondsSince1970 / 2_000 + 60
        for (previous, next) in try reload("news-24", from: (n + 3_600) * 2_000, to: (n + 3_601) * 2_000, "news-24 reel wrap") {
            #expect(previous.firstMediaSequence == n && previous.segments[0].discontinuity)
            #expect(next.firstDiscontinuitySequence == previous.firstDiscontinuitySequence + 1)
        }
    }

    @Test(arguments: ["news-24", "kids-fun", "sport-max"])
    func reloadAcrossAProgramBoundary(channel: String) throws {
        let program = schedules[channel]!.program(at: WallTime(millisecondsSince1970: Self.noon + 5 * 3_600_000))
        let start = program.start.millisecondsSince1970 / 2_000
        let pairs = try reload(channel, from: start * 2_000 + 1_999, to: (start + 1) * 2_000, "\(channel) program boundary")
        for (previous, next) in pairs where next.allDateRanges.contains(where: { $0.id == program.programId }) {
            #expect(
                !previous.allDateRanges.contains { $0.id == program.programId }, "a program is announced when its first segment is listed")
            let tag = try #require(next.allDateRanges.first { $0.id == program.programId })
            #expect(
                tag.startDate.millisecondsSince1970 == program.start.millisecondsSince1970
                    && tag.endDate?.millisecondsSince1970 == program.end.millisecondsSince1970)
        }
    }

    /// Many loads at irregular steps over hours: sequence numbers only grow, every reload is valid.
    @Test(arguments: ["news-24", "kids-fun", "sport-max"])
    func sequencesOnlyGrowOverManyReloads(channel: String) throws {
        var now = Self.noon - 7_777
        var previous = try liveRenditions(channel, atMs: now)
        var generator = SplitMix(seed: 7)
        for step in 0..<40 {
            now += Int64(generator.next() % (step % 3 == 0 ? 190_000 : 4_100)) + 1
            let next = try liveRenditions(channel, atMs: now)
            for ((uri, before), (_, after)) in zip(previous, next) {
                #expect(after.firstMediaSequence >= before.firstMediaSequence, "\(uri) at \(now)")
                #expect(after.firstDiscontinuitySequence >= before.firstDiscontinuitySequence, "\(uri) at \(now)")
                expectNoViolations(HLSValidator.validateReload(previous: before, next: after, kind: .live), "\(channel) \(uri) at \(now)")
            }
            expectNoViolations(HLSValidator.validateVariants(next.map(\.1)), "\(channel) at \(now)")
            previous = next
        }
    }
}

/// A tiny deterministic generator, so the irregular steps are the same on every run.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
