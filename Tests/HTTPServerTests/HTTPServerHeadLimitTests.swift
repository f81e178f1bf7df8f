import Foundation
import HTTPServer
import TestSupport
import Testing

/// Every request head is answered (issue 20): one within `RequestHeadLimits` is served, one past
/// them is refused in the app's error format while it fits the connection's memory, and past
/// that libmicrohttpd refuses it itself. Before, about 240 query parameters exhausted the
/// connection's memory and the request got no answer at all.
@Suite(.onItsOwnQueue) struct HTTPServerHeadLimitTests {
    private static func target(parameters: Int) -> String {
        "/q?" + (0..<parameters).map { "p\($0)=v" }.joined(separator: "&")
    }

    private static func headers(fields: Int, valueBytes: Int) -> String {
        (0..<fields).map { "X-F\($0): " + String(repeating: "a", count: valueBytes) + "\r\n" }.joined()
    }

    /// The responder's answer, or the refusal's status and body, for one raw head.
    private func answer(_ head: String) async throws -> (status: String, body: String) {
        try await withServer({ request in .text("served \(request.rawQuery.split(separator: "&").count)") }) { server in
            let connection = try await RawConnection(port: server.port)
            await connection.send(head)
            let response = await connection.readResponse()
            return (String(response.head.prefix(12)), String(decoding: response.body, as: UTF8.self))
        }
    }

    @Test func aHeadAtEveryLimitIsServed() async throws {
        // 100 parameters in a target of 8 KiB, 100 header fields: the 100th field's value brings
        // the section to 8 KiB.
        var fields = Self.headers(fields: 98, valueBytes: 70)
        let sectionBytes = "Host: x\r\n".utf8.count + fields.utf8.count
        fields +=
            "X-Last: " + String(repeating: "a", count: RequestHeadLimits.maxHeaderBytes - sectionBytes - "X-Last: \r\n".utf8.count) + "\r\n"
        let parameters = Self.target(parameters: 100)
        let target = parameters + String(repeating: "v", count: RequestHeadLimits.maxTargetBytes - parameters.utf8.count)
        let answer = try await answer("GET \(target) HTTP/1.1\r\nHost: x\r\n\(fields)\r\n")
        #expect(answer.status == "HTTP/1.1 200")
        #expect(answer.body == "served 100")
    }

    @Test(arguments: [
        (101, "HTTP/1.1 414", "More than 100 query parameters\n"),
        // Libmicrohttpd kept each of these in the connection's memory, and ran out without answering.
        (1_000, "HTTP/1.1 414", "More than 100 query parameters\n")
    ])
    func tooManyQueryParametersAre414InTheAppsFormat(parameters: Int, status: String, body: String) async throws {
        let answer = try await answer("GET \(Self.target(parameters: parameters)) HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(answer.status == status)
        #expect(answer.body == body)
    }

    @Test func aTargetOverItsLimitIs414InTheAppsFormat() async throws {
        let answer = try await answer("GET /\(String(repeating: "a", count: 8_192)) HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(answer.status == "HTTP/1.1 414")
        #expect(answer.body == "Request target longer than 8192 bytes\n")
    }

    @Test(arguments: [(1, 8_200), (101, 1), (300, 1)])
    func headersOverTheirLimitsAre431InTheAppsFormat(fields: Int, valueBytes: Int) async throws {
        let answer = try await answer("GET / HTTP/1.1\r\nHost: x\r\n\(Self.headers(fields: fields, valueBytes: valueBytes))\r\n")
        #expect(answer.status == "HTTP/1.1 431")
        #expect(answer.body == "Header section over 8192 bytes or 100 fields\n")
    }

    /// Past what the connection's memory holds, libmicrohttpd answers with its own HTML page: an
    /// answer all the same, and the connection closes.
    @Test(arguments: [
        "GET /\(String(repeating: "a", count: 40_000)) HTTP/1.1\r\nHost: x\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: x\r\nX-Big: \(String(repeating: "a", count: 40_000))\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: x\r\n\((0..<3_000).map { "X\($0): v\r\n" }.joined())\r\n"
    ])
    func headsPastTheConnectionsMemoryGetLibmicrohttpdsAnswer(head: String) async throws {
        let answer = try await answer(head)
        #expect(answer.status == "HTTP/1.1 414" || answer.status == "HTTP/1.1 431")
        #expect(answer.body.hasPrefix("<html>"))
    }

    @Test(arguments: [("/a", 0), ("/a?", 0), ("/a?x", 1), ("/a?x&&y&", 2), ("/a?x&y#z&w", 2), ("/a?x=1?y=2&z", 2)])
    func queryParametersAreCounted(target: String, count: Int) {
        #expect(RequestHeadLimits.queryParameterCount(target) == count)
    }

    @Test func parametersAreCountedAsTheQueryParserSeesThem() {
        let fields = HTTPHeaders([("Host", "x")])
        let hundred = (0..<100).map { "p\($0)" }.joined(separator: "&")
        #expect(RequestHeadLimits.refusal(rawURI: "/a?" + hundred, headers: fields) == nil)
        #expect(
            RequestHeadLimits.refusal(rawURI: "/a?" + hundred + "&&&#x&y", headers: fields) == nil,
            "empty ones and the fragment are no parameters")
        #expect(RequestHeadLimits.refusal(rawURI: "/a?" + hundred + "&p", headers: fields)?.status == 414)
        #expect(RequestHeadLimits.refusal(rawURI: "/a", headers: HTTPHeaders((0..<101).map { ("X-\($0)", "") }))?.status == 431)
    }

    /// libmicrohttpd's strict mode closed these without an answer (the space) or wrote its head
    /// twice and then an HTML page (no `Host`); the server answers them itself now.
    @Test(arguments: ["GET /a b HTTP/1.1\r\nHost: x\r\n\r\n", "GET /no-host HTTP/1.1\r\n\r\n"])
    func malformedRequestLinesAndMissingHostAre400InTheAppsFormat(head: String) async throws {
        let answer = try await answer(head)
        #expect(answer.status == "HTTP/1.1 400")
        #expect(answer.body == "HTTP/1.1 request without Host\n" || answer.body == "Whitespace in the request target\n")
    }
}
