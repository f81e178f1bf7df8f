import Exposure
import Foundation
import Testing

/// Requests, responses and endpoints still take headers as a dictionary value (deprecated; sent
/// ordered by name), and a dictionary literal keeps its written order without a warning.
@Suite struct DictionaryHeaderSpellingTests {
    static let url = URL(string: "http://127.0.0.1:8080/a")!

    @available(*, deprecated, message: "calls the deprecated dictionary spellings on purpose")
    @Test func aDictionaryValueIsTakenOrderedByName() throws {
        let dictionary = ["X-B": "2", "Accept": "text/plain", "x-a": "1"]
        let expected: HTTPHeaders = ["Accept": "text/plain", "X-B": "2", "x-a": "1"]
        #expect(TransportRequest(method: .get, url: Self.url, headers: dictionary).headers == expected)
        #expect(TransportResponse(status: 200, headers: dictionary).headers == expected)
        let endpoint = Endpoint(.get, .v1, path: ["a"], headers: dictionary)
        #expect(endpoint.headers == expected)
    }

    @Test func aLiteralKeepsItsOrderAndLooksUpIgnoringCase() {
        var request = TransportRequest(method: .get, url: Self.url, headers: ["X-B": "2", "Accept": "text/plain"])
        #expect(request.headers.map(\.name) == ["X-B", "Accept"])
        #expect(request.header(named: "accept") == "text/plain")
        request.headers["x-b"] = "3"
        #expect(request.headers == ["Accept": "text/plain", "x-b": "3"], "setting replaces every spelling")
        request.headers["ACCEPT"] = nil
        #expect(request.headers == ["x-b": "3"])
    }
}
