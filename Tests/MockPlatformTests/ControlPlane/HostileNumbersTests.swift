import ExposureModels
import Foundation
import MockPlatformTesting
import Testing

/// Numbers from outside that once trapped the process (issue 20): each is answered with the
/// Exposure error body, and the mock answers the next request. Without the range checks each of
/// these requests ended the process on an integer overflow or a negative year.
@Suite struct HostileNumbersTests {
    static let batch =
        #"{"Customer":"Sandbox","BusinessUnit":"Dev","SessionId":"made-up","DispatchTime":1,"ClockOffset":%CLOCK%,"Payload":[%EVENT%]}"#

    @Test(arguments: [
        ("1", #"{"EventType":"Playback.Started","Timestamp":-9223372036854775808,"OffsetTime":0,"SequenceNumber":1}"#, "Timestamp"),
        (
            "-9223372036854775808", #"{"EventType":"Playback.Started","Timestamp":1800000000000,"OffsetTime":0,"SequenceNumber":1}"#,
            "ClockOffset"
        ),
        (
            "0", #"{"EventType":"Playback.Started","Timestamp":1800000000000,"OffsetTime":0,"SequenceNumber":9223372036854775807}"#,
            "SequenceNumber"
        ),
        ("0", #"{"EventType":"Playback.Started","Timestamp":1800000000000,"OffsetTime":-9223372036854775808}"#, "OffsetTime")
    ])
    func eventSinkNumbersOutOfRangeAre400(clockOffset: String, event: String, field: String) async throws {
        try await withPlatform { _, client in
            let token = try await client.login("premium")
            let sessionId = try #require(try await client.play("arctic-journey", token: token).body["playSessionId"] as? String)
            let body = Self.batch.replacingOccurrences(of: "made-up", with: sessionId)
                .replacingOccurrences(of: "%CLOCK%", with: clockOffset).replacingOccurrences(of: "%EVENT%", with: event)
            let answer = try await client.send("POST", client.api("v2", "/eventsink/send"), json: body, token: token)
            try expectError(answer, status: 400, naming: field, client)
            #expect(try await client.send("GET", "/_mock/analytics/sessions").status == 200)
        }
    }

    @Test(arguments: [
        "/v1/customer/Sandbox/businessunit/Dev/epg/news-24?from=9223372036768375808",
        "/v1/customer/Sandbox/businessunit/Dev/epg/news-24?from=253402300799999&to=-1",
        "/v2/customer/Sandbox/businessunit/Dev/epg/news-24/date/0000-01-01?daysBackward=1",
        "/v2/customer/Sandbox/businessunit/Dev/epg/date/0000-01-01?daysBackward=1",
        "/v2/customer/Sandbox/businessunit/Dev/epg/news-24/date/1970-01-01?daysBackward=1",
        "/v2/customer/Sandbox/businessunit/Dev/epg/news-24/date/9999-12-31?daysForward=1"
    ])
    func epgSpansOutsidePlatformTimeAre400(target: String) async throws {
        try await withSharedPlatform { _, client in
            try expectError(try await client.send("GET", target), status: 400, naming: nil, client)
            #expect(try await client.send("GET", client.api("v1", "/time")).status == 200)
        }
    }

    @Test(arguments: [
        "/v2/customer/Sandbox/businessunit/Dev/epg/news-24/program/news-24_000001010000/previous",
        "/v2/customer/Sandbox/businessunit/Dev/epg/program/news-24_000001010000/previous",
        "/v2/customer/Sandbox/businessunit/Dev/epg/program/news-24_000001010000",
        "/v2/customer/Sandbox/businessunit/Dev/epg/program/news-24_197001010000/previous",
        "/streams/catchup/news-24/news-24_000001010000/video/180p.m3u8",
        "/streams/catchup/news-24/news-24_000001010000/master.m3u8",
        "/streams/event/summer-concert/9223372036854776/master.m3u8",
        "/streams/event/summer-concert/-9223372036854775808/master.m3u8"
    ])
    func programsAndStreamsOutsidePlatformTimeAre404(target: String) async throws {
        try await withSharedPlatform { _, client in
            try expectError(try await client.send("GET", target), status: 404, naming: nil, client)
            #expect(try await client.send("GET", client.api("v1", "/time")).status == 200)
        }
    }

    @Test(arguments: [
        (#"{"offsetMs":9223372036854775807}"#, "offsetMs"), (#"{"offsetMs":-9223372036854775808}"#, "offsetMs"),
        (#"{"offsetMs":-1800000000000000}"#, "offsetMs"), (#"{"rate":1e300}"#, "rate"), (#"{"rate":1000001}"#, "rate"),
        (#"{"now":"1969-12-31T23:59:59.999Z"}"#, "now"), (#"{"now":"0000-01-01T00:00:00Z"}"#, "now")
    ])
    func clockUpdatesOutsideTheDocumentedRangeAre400(body: String, field: String) async throws {
        try await withSharedPlatform { _, client in
            let before = try await client.admin.clock()
            try expectError(try await client.send("PUT", "/_mock/clock", json: body), status: 400, naming: field, client)
            #expect(try await client.admin.clock().rate == before.rate, "a refused update changes nothing")
            #expect(try await client.send("GET", client.api("v1", "/time")).status == 200)
        }
    }

    @Test func clockAtTheEndsOfTheRangeServesTheEPG() async throws {
        try await withPlatform { _, client in
            for now in ["1970-01-01T00:00:00.000Z", "9999-12-31T23:59:59.999Z"] {
                try await client.admin.setClock(ClockUpdate(now: now, rate: 1_000_000))
                #expect(try await client.send("GET", client.api("v1", "/epg/news-24")).status == 200)
                #expect(try await client.send("GET", "/streams/live/news-24/master.m3u8").status == 200)
            }
        }
    }

    private func expectError(
        _ answer: (status: Int, headers: [String: String], body: Data), status: Int, naming field: String?, _ client: ControlPlaneClient
    ) throws {
        #expect(answer.status == status)
        let body = try client.json(answer.body)
        #expect(body["httpCode"] as? Int == status)
        if let field { #expect((body["extendedMessage"] as? String)?.contains(field) == true, "\(body)") }
    }
}
