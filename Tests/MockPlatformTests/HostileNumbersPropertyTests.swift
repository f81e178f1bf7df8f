import ExposureModels
import Foundation
import HTTPServer
import MockPlatform
import Testing

/// The class of bug behind issue 20's crashers, swept: every number a request can carry, at the
/// edges of Int64 and of the platform's time, in every slot that takes one. Each answer is a 2xx
/// or a 4xx with the Exposure error body; a trap would end the test process.
@Suite struct HostileNumbersPropertyTests {
    static let numbers: [String] = [
        "0", "-1", "1", "2147483647", "-2147483648", "9007199254740992", "9223372036854775807", "-9223372036854775808",
        "9223372036854775808", "9223372036768375808", "9223372036854776", "253402300799999", "253402300800000",
        "-62135596800000", "1796040000000", "1e3", ""
    ]
    static let stamps = ["000001010000", "196912312330", "197001010000", "203001011030", "999912312330", "999999999999"]
    static let dates = ["0000-01-01", "0001-01-01", "1969-12-31", "1970-01-01", "2030-06-01", "9999-12-31"]

    static let targets: [String] = {
        let api1 = InProcessPlatform.api1
        let api2 = InProcessPlatform.api2
        var targets: [String] = []
        for number in numbers {
            targets += [
                "\(api1)/epg/news-24?from=\(number)", "\(api1)/epg/news-24?to=\(number)", "\(api1)/epg?from=\(number)&to=\(number)",
                "\(api1)/epg/summer-concert?from=\(number)", "\(api2)/epg/news-24/date/2030-01-01?daysBackward=\(number)",
                "\(api2)/epg/news-24/date/2030-01-01?daysForward=\(number)&pageNumber=\(number)&pageSize=\(number)",
                "\(api1)/content/asset?pageNumber=\(number)&pageSize=\(number)", "/streams/event/summer-concert/\(number)/master.m3u8",
                "/streams/event/summer-concert/\(number)/video/180p.m3u8", "/ads/beacon/play/\(number)/start",
                "/sprites/arctic-journey/\(number)/thumbnails.vtt"
            ]
        }
        for stamp in stamps {
            for channel in ["news-24", "summer-concert"] {
                let program = "\(channel)_\(stamp)"
                targets += [
                    "\(api2)/epg/\(channel)/program/\(program)", "\(api2)/epg/\(channel)/program/\(program)/next",
                    "\(api2)/epg/program/\(program)/previous", "\(api2)/epg/\(channel)/program/\(program)/airing",
                    "/streams/catchup/\(channel)/\(program)/master.m3u8", "/streams/catchup/\(channel)/\(program)/video/180p.m3u8"
                ]
            }
        }
        for date in dates {
            for days in ["0", "1", "31"] {
                targets += [
                    "\(api2)/epg/news-24/date/\(date)?daysBackward=\(days)", "\(api2)/epg/date/\(date)?daysForward=\(days)",
                    "\(api2)/epg/news-24,sport-max/date/\(date)?daysBackward=\(days)&daysForward=\(days)"
                ]
            }
        }
        return targets
    }()

    @Test func everyNumberInEveryQueryAndPathSlotIsAnsweredWithoutAServerError() throws {
        let mock = try InProcessPlatform()
        for target in Self.targets {
            expectExposureAnswer(mock, mock.send(.get, target), target)
        }
    }

    @Test func entitlementsAtEveryEdgeOfTimeAreAnsweredWithoutAServerError() throws {
        let mock = try InProcessPlatform()
        let token = try mock.login()
        for assetId in ["news-24", "summer-concert", "arctic-journey", "news-24_000001010000_asset", "news-24_203001011030_asset"] {
            for time in ["0000-01-01T00:00:00Z", "1969-12-31T23:59:59.999Z", "1970-01-01T00:00:00Z", "9999-12-31T23:59:59.999Z"] {
                let target = "\(InProcessPlatform.api2)/entitlement/\(assetId)/entitle?time=\(time)"
                let answer = mock.send(.get, target, token: token)
                expectExposureAnswer(mock, answer, target)
                if time.hasPrefix("0000") || time.hasPrefix("1969") { #expect(answer.status == 400, "\(target)") }
            }
        }
    }

    @Test func everyNumberInEveryEventSinkFieldIsAnsweredWithoutAServerError() throws {
        let mock = try InProcessPlatform()
        let token = try mock.login()
        let play = try mock.json(EntitlementIds.self, .get, InProcessPlatform.api2 + "/entitlement/arctic-journey/play", token: token)
        for number in Self.numbers where !number.isEmpty {
            for field in ["Timestamp", "OffsetTime", "SequenceNumber"] {
                var event = [
                    "\"EventType\":\"Playback.Started\"", "\"Timestamp\":1800000000000", "\"OffsetTime\":0", "\"SequenceNumber\":2"
                ]
                event.removeAll { $0.hasPrefix("\"\(field)\"") }
                event.append("\"\(field)\":\(number)")
                for clockOffset in ["0", "1", number] {
                    let body = """
                        {"Customer":"Sandbox","BusinessUnit":"Dev","SessionId":"\(play.playSessionId)","DispatchTime":1,\
                        "ClockOffset":\(clockOffset),"Payload":[{"EventType":"Playback.Created","Timestamp":1800000000000,\
                        "SequenceNumber":1},{\(event.joined(separator: ","))}]}
                        """
                    let target = InProcessPlatform.api2 + "/eventsink/send"
                    expectExposureAnswer(
                        mock, mock.send(.post, target, body: body, token: token), "\(field)=\(number) ClockOffset=\(clockOffset)")
                }
            }
        }
        // The reports walk what was kept.
        #expect(mock.send(.get, "/_mock/analytics/sessions").status == 200)
        #expect(mock.send(.get, "/_mock/analytics/sessions/\(play.playSessionId)").status == 200)
    }

    private func expectExposureAnswer(_ mock: InProcessPlatform, _ response: HTTPResponse, _ what: String) {
        #expect((200..<500).contains(response.status), "\(response.status) for \(what)")
        guard response.status >= 400 else { return }
        let error = try? ExposureJSON.decode(ExposureErrorMessage.self, from: response.body)
        #expect(error?.httpCode == response.status, "not the Exposure error body for \(what)")
    }
}

/// The ids of a play entitlement.
private struct EntitlementIds: Decodable {
    let playSessionId: String
}
