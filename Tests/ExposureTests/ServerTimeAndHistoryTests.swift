import Exposure
import Foundation
import Testing

@Suite("Server time and play history")
struct ServerTimeAndHistoryTests {
    @Test func serverTimeNeedsNoSession() async throws {
        let transport = RecordingTransport(body: #"{"epochMillis": 1764410400000, "iso8601": "2025-11-29T10:00:00.000Z"}"#)
        let time = try await FetchServerTime(environment: TestValues.environment, transport: transport).request()

        #expect(time.epochMillis == 1_764_410_400_000)
        let sent = try #require(await transport.onlyRequest)
        #expect(sent.url.absoluteString == "\(TestValues.base)/v1/customer/Sandbox/businessunit/Dev/time")
        #expect(sent.headers == ["Accept": "application/json"])
    }

    @Test func lastViewedOffsetsRepeatTheAssetIdsKey() async throws {
        let transport = RecordingTransport(body: #"{"items": [{"assetId": "m1", "lastViewedOffset": 60000}]}"#)
        let history = try await FetchLastViewedOffset(
            environment: TestValues.environment, sessionToken: TestValues.token, transport: transport
        )
        .filter(assetIds: ["m1", "m2"])
        .request()

        #expect(history.items.first?.lastViewedOffset == 60_000)
        let sent = try #require(await transport.onlyRequest)
        #expect(
            sent.url.absoluteString
                == "\(TestValues.base)/v1/customer/Sandbox/businessunit/Dev/userplayhistory/lastviewedoffset?assetIds=m1&assetIds=m2")
        #expect(sent.header(named: "Authorization") == "Bearer \(TestValues.token.value)")
    }

    @Test func theRawResponseComesWithTheValue() async throws {
        let body = #"{"epochMillis": 1, "extra": true}"#
        let transport = RecordingTransport(status: 200, body: body, headers: ["X-Request-Id": "r-1"])
        let response = try await FetchServerTime(environment: TestValues.environment, transport: transport).response()

        #expect(response.value.epochMillis == 1)
        #expect(String(decoding: response.raw.body, as: UTF8.self) == body)
        #expect(response.raw.header(named: "x-request-id") == "r-1")
    }
}
