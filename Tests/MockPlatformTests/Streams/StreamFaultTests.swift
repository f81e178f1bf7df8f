import ExposureModels
import Foundation
import HLS
import HTTPServer
import MockPlatformTesting
import Testing

@testable import MockPlatform

/// Stream faults: each kind strikes the request it targets, in stream terms (asset, rendition,
/// media sequence number, play session), and every other request of the same stream answers as
/// usual. In-process, on a frozen platform clock.
@Suite struct StreamFaultTests {
    static let noon: Int64 = 1_796_040_000_000
    let mock: InProcessPlatform
    private var platform: MockPlatform { mock.platform }

    init() throws { mock = try InProcessPlatform(nowMs: Self.noon) }

    private let vod = "/streams/vod/city-lights/default/"
    private let live = "/streams/live/news-24/"

    /// The segment URLs (path and query) of a media playlist, by media sequence number.
    private func segments(_ playlistPath: String, headers: [(String, String)] = []) throws -> [Int: String] {
        let response = mock.get(playlistPath, headers: headers)
        #expect(response.status == 200, "GET \(playlistPath)")
        let playlist = try HLSParser.parseMedia(Array(response.body))
        var result: [Int: String] = [:]
        for (index, segment) in playlist.segments.enumerated() { result[playlist.firstMediaSequence + index] = segment.uri }
        return result
    }

    private func segment(_ playlistPath: String, _ sequence: Int, headers: [(String, String)] = []) throws -> HTTPResponse {
        let uri = try #require(try segments(playlistPath, headers: headers)[sequence], "segment \(sequence) of \(playlistPath)")
        return mock.get(uri, headers: headers)
    }

    /// The video variants' BANDWIDTH, lowest first.
    private func ladder() throws -> [Int] {
        let master = try HLSParser.parseMaster(Array(mock.get(vod + "master.m3u8").body))
        return master.variants.filter { $0.resolution != nil }.map(\.bandwidth).sorted()
    }

    @discardableResult private func inject(_ rule: FaultRule) throws -> FaultRule { try platform.inject(rule) }

    @Test func segmentURLsNameTheAssetAndTheMediaSequenceNumberAndAreTheSameForEveryClient() throws {
        let first = try segments(live + "video/360p.m3u8")
        let again = try segments(live + "video/360p.m3u8", headers: [(StreamRequest.playSessionHeader, "another-client")])
        #expect(first == again)
        for (sequence, uri) in first { #expect(uri.hasSuffix("?asset=news-24&seq=\(sequence)"), "\(uri)") }
        #expect(try segments(vod + "video/180p.m3u8")[3]?.hasSuffix("/seg-003.ts?asset=city-lights&seq=3") == true)
    }

    @Test func aStatusStrikesOnlyTheSegmentWithThatSequenceNumber() throws {
        let rule = try inject(FaultRule(status: 404, stream: StreamTarget(assetId: "city-lights", sequence: 3)))
        let struck = try segment(vod + "video/360p.m3u8", 3)
        #expect(struck.status == 404)
        #expect(struck.headers[FaultResponder.faultHeader] == rule.id)
        #expect(try segment(vod + "video/360p.m3u8", 2).status == 200)
        #expect(try segment(vod + "video/360p.m3u8", 4).status == 200)
        #expect(mock.get(vod + "video/360p.m3u8").status == 200, "the playlist is not a segment")
        let sameFileOtherTitle = "/streams/vod/arctic-journey/default/video/360p.m3u8"
        #expect(try segment(sameFileOtherTitle, 3).status == 200, "the same file in another title's stream is not struck")
        let journal = platform.requests(pathPrefix: "/media/")
        #expect(journal.filter { $0.faultId == rule.id }.count == 1, "the journal records the stream fault on the struck request only")
    }

    @Test func aRenditionByBandwidthFailsItsSegmentsOrItsPlaylistAndTheOthersPlay() throws {
        let top = try #require(try ladder().last)
        try inject(FaultRule(status: 503, stream: StreamTarget(assetId: "city-lights", bandwidth: top)))
        #expect(try segment(vod + "video/360p.m3u8", 0).status == 503)
        #expect(try segment(vod + "video/180p.m3u8", 0).status == 200)
        #expect(try segment(vod + "audio/en.m3u8", 0).status == 200)
        platform.removeFaults()
        try inject(FaultRule(status: 500, stream: StreamTarget(assetId: "city-lights", part: .playlist, resolution: "640x360")))
        #expect(mock.get(vod + "video/360p.m3u8").status == 500)
        #expect(mock.get(vod + "video/270p.m3u8").status == 200)
        #expect(mock.get(vod + "master.m3u8").status == 200)
    }

    @Test func anAudioGroupLanguageStrikesThatLanguageOnly() throws {
        try inject(FaultRule(drop: true, stream: StreamTarget(assetId: "city-lights", group: "audio", language: "sv")))
        #expect(try segment(vod + "audio/sv.m3u8", 1).delivery == .dropConnection)
        #expect(try segment(vod + "audio/en.m3u8", 1).delivery == .immediate)
        #expect(try segment(vod + "video/180p.m3u8", 1).delivery == .immediate)
    }

    @Test func theNthSegmentFromNowOnLiveIsTheOneAPlayerFetchesThen() throws {
        let before = try segments(live + "video/180p.m3u8")
        let newest = try #require(before.keys.max())
        let rule = try inject(FaultRule(status: 404, times: 1, stream: StreamTarget(assetId: "news-24", segmentsFromNow: 2)))
        #expect(rule.stream?.sequence == newest + 2, "resolved to its sequence number when added")
        #expect(rule.stream?.segmentsFromNow == nil)
        mock.setNow(Self.noon + 4_000)
        #expect(try segment(live + "video/180p.m3u8", newest + 1).status == 200)
        #expect(try segment(live + "video/180p.m3u8", newest + 2).status == 404)
        #expect(try segment(live + "video/180p.m3u8", newest + 2).status == 200, "times: 1")
    }

    @Test func aSegmentByPlayheadTimeOnVOD() throws {
        let rule = try inject(FaultRule(status: 500, stream: StreamTarget(assetId: "city-lights", atSeconds: 7.5)))
        #expect(rule.stream?.sequence == 3)
        #expect(try segment(vod + "video/180p.m3u8", 3).status == 500)
        #expect(try segment(vod + "video/180p.m3u8", 4).status == 200)
    }

    @Test func hangTruncateSlowFirstByteAndThrottleDeliverOnlyTheTargetedSegmentSo() throws {
        let cases: [(FaultRule, HTTPResponse.Delivery)] = [
            (FaultRule(delay: .seconds(600)), .delayed(.milliseconds(600_000), then: .immediate)),
            (FaultRule(truncateAfterBytes: 1000), .truncated(afterBytes: 1000)),
            (
                FaultRule(delay: .seconds(3), bytesPerSecond: 50_000),
                .delayed(.milliseconds(3_000), then: .throttled(bytesPerSecond: 50_000))
            )
        ]
        for (base, delivery) in cases {
            var rule = base
            rule.stream = StreamTarget(assetId: "city-lights", sequence: 5, resolution: "480x270")
            try inject(rule)
            #expect(try segment(vod + "video/270p.m3u8", 5).delivery == delivery)
            #expect(try segment(vod + "video/270p.m3u8", 6).delivery == .immediate)
            #expect(try segment(vod + "video/180p.m3u8", 5).delivery == .immediate)
            platform.removeFaults()
        }
    }

    @Test func corruptedBytesKeepTheSizeAndBreakEverySyncByte() throws {
        let clean = try segment(vod + "video/180p.m3u8", 2).body
        try inject(FaultRule(corrupt: true, stream: StreamTarget(assetId: "city-lights", sequence: 2)))
        let struck = try segment(vod + "video/180p.m3u8", 2).body
        #expect(struck.count == clean.count)
        #expect(clean.first == 0x47 && struck.first == 0xB8)
        #expect(stride(from: 0, to: struck.count, by: 188).allSatisfy { struck[$0] != 0x47 })
        #expect(try segment(vod + "video/180p.m3u8", 1).body.first == 0x47)
    }

    @Test func aWrongContentTypeOnTheTargetedSegment() throws {
        try inject(FaultRule(contentType: "text/html", stream: StreamTarget(assetId: "city-lights", sequence: 1)))
        #expect(try segment(vod + "video/180p.m3u8", 1).headers["Content-Type"] == "text/html")
        #expect(try segment(vod + "video/180p.m3u8", 0).headers["Content-Type"] == "video/mp2t")
    }

    @Test func aGapMarksTheTargetedSegmentInTheTargetedRenditionOnly() throws {
        try inject(
            FaultRule(
                stream: StreamTarget(assetId: "city-lights", sequence: 4, bandwidth: try ladder()[0]), playlist: PlaylistFault(gap: true)))
        let playlist = try mock.mediaPlaylist(vod + "video/180p.m3u8")
        #expect(playlist.segments.indices.filter { playlist.segments[$0].gap } == [4])
        #expect(try mock.mediaPlaylist(vod + "video/360p.m3u8").segments.allSatisfy { !$0.gap })
    }

    @Test func aRemovedSegmentIsMissingFromThePlaylistAndTheRestStays() throws {
        let full = try mock.mediaPlaylist(vod + "video/180p.m3u8")
        try inject(FaultRule(stream: StreamTarget(assetId: "city-lights", sequence: 4), playlist: PlaylistFault(removeSegment: true)))
        let broken = try mock.mediaPlaylist(vod + "video/180p.m3u8")
        #expect(broken.segments.map(\.uri) == full.segments.enumerated().filter { $0.offset != 4 }.map(\.element.uri))
    }

    @Test func aWrongTargetDurationAndASequenceJumpChangeTheTargetedStreamsPlaylistsOnly() throws {
        let real = try mock.mediaPlaylist(live + "video/180p.m3u8")
        try inject(FaultRule(stream: StreamTarget(assetId: "news-24"), playlist: PlaylistFault(targetDuration: 10)))
        #expect(try mock.mediaPlaylist(live + "video/180p.m3u8").targetDuration == 10)
        #expect(try mock.mediaPlaylist("/streams/live/sport-max/video/180p.m3u8").targetDuration == real.targetDuration)
        platform.removeFaults()
        try inject(FaultRule(stream: StreamTarget(assetId: "news-24"), playlist: PlaylistFault(sequenceJump: 1000)))
        let jumped = try mock.mediaPlaylist(live + "video/180p.m3u8")
        #expect(jumped.firstMediaSequence == real.firstMediaSequence + 1000)
        #expect(jumped.segments.map(\.uri) == real.segments.map(\.uri), "the same segments, numbered anew")
        #expect(jumped.segments.first?.discontinuity == true)
        #expect(jumped.discontinuitySequence == (real.discontinuitySequence ?? 0) + 1)
    }

    @Test func aStalePlaylistStopsAdvancingForItsTimeThenMovesOnAndTheRuleIsDone() throws {
        try inject(
            FaultRule(stream: StreamTarget(assetId: "news-24", resolution: "320x180"), playlist: PlaylistFault(staleFor: .seconds(10))))
        let frozen = mock.get(live + "video/180p.m3u8").body
        mock.setNow(Self.noon + 6_000)
        #expect(mock.get(live + "video/180p.m3u8").body == frozen)
        #expect(mock.get(live + "video/180p.m3u8?_HLS_skip=YES").body == frozen, "a delta update request gets the frozen playlist too")
        let other = try mock.mediaPlaylist(live + "video/270p.m3u8")
        #expect(other.firstMediaSequence == (try HLSParser.parseMedia(Array(frozen)).firstMediaSequence) + 3, "other renditions move on")
        mock.setNow(Self.noon + 10_000)
        let moved = try mock.mediaPlaylist(live + "video/180p.m3u8")
        #expect(moved.firstMediaSequence == (try HLSParser.parseMedia(Array(frozen)).firstMediaSequence) + 5)
        #expect(platform.faults.isEmpty, "its time is up: the rule is gone")
    }

    @Test func aPlaySessionScopeStrikesThatPlayersRequestsOnly() throws {
        try inject(FaultRule(status: 404, stream: StreamTarget(playSessionId: "session-a")))
        let header = StreamRequest.playSessionHeader
        #expect(try segment(vod + "video/180p.m3u8", 0, headers: [(header, "session-a")]).status == 404)
        #expect(try segment(vod + "video/180p.m3u8", 0, headers: [(header, "session-b")]).status == 200)
        #expect(try segment(vod + "video/180p.m3u8", 0).status == 200)
    }

    @Test func afterAndTimesCombineWithStreamTargets() throws {
        try inject(FaultRule(status: 500, after: 1, times: 1, stream: StreamTarget(assetId: "city-lights", sequence: 0)))
        #expect(try segment(vod + "video/180p.m3u8", 0).status == 200)
        #expect(try segment(vod + "video/180p.m3u8", 0).status == 500)
        #expect(try segment(vod + "video/180p.m3u8", 0).status == 200)
    }

    @Test(arguments: [
        (#"{"stream":{"assetId":"no-such-title"},"status":404}"#, "no-such-title is no asset or channel"),
        (#"{"stream":{"assetId":"city-lights","bandwidth":12345},"status":404}"#, "No variant has BANDWIDTH 12345"),
        (#"{"stream":{"resolution":"1x1"},"status":404}"#, "No variant has RESOLUTION 1x1"),
        (#"{"stream":{"group":"video"},"status":404}"#, "No rendition group video"),
        (#"{"stream":{"group":"audio","language":"fi"},"status":404}"#, "Group audio has no language fi"),
        (#"{"stream":{"assetId":"city-lights","sequence":100000},"status":404}"#, "sequence 100000 is outside the window of city-lights"),
        (#"{"stream":{"assetId":"news-24","sequence":1},"status":404}"#, "sequence 1 is outside the window of news-24"),
        (#"{"stream":{"sequence":3},"status":404}"#, "stream.assetId is required"),
        (#"{"stream":{"assetId":"news-24","atSeconds":3},"status":404}"#, "news-24 is a live channel"),
        (#"{"stream":{"assetId":"city-lights","segmentsFromNow":1},"status":404}"#, "city-lights is not live"),
        (#"{"stream":{"assetId":"city-lights"},"playlist":{"gap":true}}"#, "gap and removeSegment strike one segment"),
        (#"{"stream":{"assetId":"city-lights"},"playlist":{}}"#, "playlist takes exactly one of"),
        (#"{"path":"/x","playlist":{"targetDuration":4}}"#, "playlist changes need stream"),
        (#"{"stream":{}}"#, "A rule needs an action"),
        (#"{"stream":{},"contentType":"a\u0000b"}"#, "printable ASCII")
    ])
    func badTargetsAreRefusedWithAClear400(body: String, reason: String) throws {
        let answer = mock.send(.post, "/_mock/faults", body: body)
        #expect(answer.status == 400, "\(body)")
        let error = mock.error(of: answer)
        #expect(error.message == "INVALID_FAULT")
        #expect(error.extendedMessage?.contains(reason) == true, "\(error.extendedMessage ?? "")")
        #expect(platform.faults.isEmpty)
    }
}
