import ExposureModels
import Foundation
import Testing

@Suite("Decoding EPG")
struct EpgDecodingTests {
    @Test func decodesAChannelsPrograms() throws {
        let epg = try decode(ChannelEpg.self, Fixtures.channelEpg)

        #expect(epg.channelId == "channel_1")
        #expect(epg.totalHitsAllChannels == 2)
        #expect(epg.programs.map(\.programId) == ["prog_1", "prog_2"])
        let first = epg.programs[0]
        #expect(first.startTime == Date(timeIntervalSince1970: 1_764_410_400))
        #expect(first.endTime == Date(timeIntervalSince1970: 1_764_414_000))
        #expect(first.catchup == true)
        #expect(first.catchupBlocked == false)
        #expect(first.asset?.title() == "Morning News")
        #expect(epg.programs[1].vodAvailable == nil)
    }

    @Test func aProgramIsOnAirFromItsStartUntilJustBeforeItsEnd() throws {
        let program = try decode(ChannelEpg.self, Fixtures.channelEpg).programs[0]

        #expect(program.isOnAir(at: Date(timeIntervalSince1970: 1_764_410_400)))
        #expect(program.isOnAir(at: Date(timeIntervalSince1970: 1_764_413_999)))
        #expect(!program.isOnAir(at: Date(timeIntervalSince1970: 1_764_414_000)))
    }

    @Test(arguments: ["programId", "assetId", "channelId"])
    func aProgramWithoutARequiredKeyIsRejected(missing key: String) throws {
        var fields = ["programId": "p", "assetId": "a", "channelId": "c"]
        fields[key] = nil
        let json = String(decoding: try JSONEncoder().encode(fields), as: UTF8.self)
        #expect(throws: DecodingError.self) { try decode(Program.self, json) }
    }

    @Test func decodesServerTime() throws {
        let time = try decode(ServerTime.self, #"{"epochMillis": 1764420000123, "iso8601": "2025-11-29T12:40:00.123Z"}"#)
        #expect(time == ServerTime(epochMillis: 1_764_420_000_123, iso8601: "2025-11-29T12:40:00.123Z"))
    }

    @Test func decodesLastViewedOffsets() throws {
        let list = try decode(
            LastViewedOffsetList.self,
            #"""
            {"items": [{"assetId": "movie_2", "lastViewedOffset": 60000, "lastViewedTime": 1764400000000},
                       {"assetId": "channel_1", "channelId": "channel_1", "programId": "prog_1", "liveTime": 1764410500000}]}
            """#)
        #expect(list.items.map(\.assetId) == ["movie_2", "channel_1"])
        #expect(list.items[1].liveTime == 1_764_410_500_000)
    }
}
