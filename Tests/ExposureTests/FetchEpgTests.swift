import Exposure
import Foundation
import Testing

@Suite("FetchEpg")
struct FetchEpgTests {
    let v1 = "\(TestValues.base)/v1/customer/Sandbox/businessunit/Dev/epg"
    let v2 = "\(TestValues.base)/v2/customer/Sandbox/businessunit/Dev/epg"
    let channelBody = #"{"channelId": "ch_1", "programs": [{"programId": "p1", "assetId": "a1", "channelId": "ch_1"}]}"#
    let programBody = #"{"programId": "p2", "assetId": "a2", "channelId": "ch_1"}"#

    @Test func aTimeWindowUsesV1WithEpochMilliseconds() async throws {
        let transport = RecordingTransport(body: channelBody)
        let epg = try await FetchEpg(environment: TestValues.environment, transport: transport)
            .channel(id: "ch_1")
            .show(page: 1, spanning: 100)
            .filter(starting: TestValues.tenOClock.addingTimeInterval(-86_400), ending: TestValues.tenOClock.addingTimeInterval(0.25))
            .request()

        #expect(epg.programs.map(\.programId) == ["p1"])
        let sent = try #require(await transport.onlyRequest)
        #expect(sent.method == .get)
        #expect(
            sent.url.absoluteString
                == v1 + "/ch_1?from=1764324000000&onlyPublished=true&pageNumber=1&pageSize=100&to=1764410400250")
        #expect(sent.header(named: "Authorization") == nil)
    }

    @Test func withoutAWindowTheServerPicksOne() throws {
        let request = try FetchEpg(environment: TestValues.environment, transport: RecordingTransport())
            .channel(id: "ch_1")
            .filter(onlyPublished: false)
            .transportRequest()
        #expect(request.url.absoluteString == v1 + "/ch_1?onlyPublished=false&pageNumber=1&pageSize=50")
    }

    @Test(arguments: [
        (TestValues.tenOClock, "2025-11-29"),
        (Date(timeIntervalSince1970: 1_764_460_799), "2025-11-29"),
        (Date(timeIntervalSince1970: 1_764_460_800), "2025-11-30"),
        (Date(timeIntervalSince1970: 1_709_251_199), "2024-02-29")
    ])
    func aDayUsesV2WithTheUTCDate(date: Date, day: String) async throws {
        let transport = RecordingTransport(body: channelBody)
        _ = try await FetchEpg(environment: TestValues.environment, transport: transport)
            .channel(id: "ch_1")
            .show(page: 2, spanning: 25)
            .filter(date: date)
            .request()

        let sent = try #require(await transport.onlyRequest)
        #expect(sent.url.absoluteString == v2 + "/ch_1/date/\(day)?pageNumber=2&pageSize=25")
    }

    @Test func severalChannelsShareOneCommaJoinedPathSegment() async throws {
        let transport = RecordingTransport(body: "[\(channelBody), {\"channelId\": \"ch_2\", \"programs\": []}]")
        let epgs = try await FetchEpg(environment: TestValues.environment, transport: transport)
            .channels(ids: ["ch_1", "ch_2"], on: TestValues.tenOClock)
            .days(backward: 1, forward: 2)
            .request()

        #expect(epgs.map(\.channelId) == ["ch_1", "ch_2"])
        let sent = try #require(await transport.onlyRequest)
        #expect(
            sent.url.absoluteString
                == v2 + "/ch_1,ch_2/date/2025-11-29?daysBackward=1&daysForward=2&pageNumber=1&pageSize=50")
    }

    @Test func oneProgramOnAChannel() async throws {
        let transport = RecordingTransport(body: programBody)
        let program = try await FetchEpg(environment: TestValues.environment, transport: transport)
            .channel(id: "ch_1")
            .program(id: "p2")
            .request()

        #expect(program.programId == "p2")
        #expect(await transport.onlyRequest?.url.absoluteString == v2 + "/ch_1/program/p2")
    }

    @Test(arguments: ["next", "previous"])
    func neighbouringPrograms(direction: String) async throws {
        let transport = RecordingTransport(body: programBody)
        let epg = FetchEpg(environment: TestValues.environment, transport: transport)
        let request = direction == "next" ? epg.next(programId: "p1") : epg.previous(programId: "p1")
        _ = try await request.request()

        #expect(await transport.onlyRequest?.url.absoluteString == v2 + "/program/p1/\(direction)")
    }
}
