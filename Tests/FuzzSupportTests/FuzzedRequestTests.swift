import Foundation
import FuzzSupport
import HTTPServer
import Testing

@Suite struct FuzzedRequestTests {
    @Test func readsRequestLineHeadersAndBody() throws {
        let text = "POST /v2/auth/login?a=1&b=x%2Cy\nContent-Type: application/json\nX-Empty:\n\n{\"k\":\n\n1}"
        let request = try #require(FuzzedRequest.parse(Array(text.utf8)))
        #expect(request.method == .post)
        #expect(request.path == "/v2/auth/login")
        #expect(request.rawQuery == "a=1&b=x%2Cy")
        #expect(request.headers["content-type"] == "application/json")
        #expect(request.headers["X-Empty"] == "")
        #expect(request.body == Data("{\"k\":\n\n1}".utf8))
    }

    @Test func aTargetWithoutQueryOrBodyHasNeither() throws {
        let request = try #require(FuzzedRequest.parse(Array("GET /_mock/health\nHost: x".utf8)))
        #expect(request.path == "/_mock/health")
        #expect(request.rawQuery.isEmpty)
        #expect(request.body.isEmpty)
    }

    @Test(arguments: ["", "GET", "\nGET /"])
    func textWithoutARequestLineIsNoRequest(text: String) {
        #expect(FuzzedRequest.parse(Array(text.utf8)) == nil)
    }

    @Test(arguments: [
        ("GET /x", "GET /x"), ("{token}", "T"), ("a {token} b {token}", "a T b T"), ("{token}{token}", "TT"),
        ("{tok{token}en}", "{tokTen}"), ("{token", "{token")
    ])
    func everyTokenPlaceholderIsReplaced(text: String, expected: String) {
        let substituted = FuzzedRequest.substitutingToken(in: Array(text.utf8)) { "T" }
        #expect(String(decoding: substituted, as: UTF8.self) == expected)
    }

    @Test func noLoginWithoutAPlaceholder() {
        _ = FuzzedRequest.substitutingToken(in: Array("GET /{tok}".utf8)) {
            Issue.record("asked for a token")
            return ""
        }
    }
}
