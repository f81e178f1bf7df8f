import Testing

@testable import MockPlatform

/// The regex prefilter must never turn away a path the regex matches.
@Suite struct RequiredLiteralTests {
    @Test(arguments: [
        ("/entitlement/.*/play$", "/entitlement/"),
        ("^/v[0-9]/customer/[^/]+/businessunit/[^/]+/content/asset/x5$", "/content/asset/x5"),
        ("^/streams/vod/[^/]+/seg-3\\.ts$", "/streams/vod/"),
        ("/times?", "/time"),
        ("/a+b", "/a"),
        ("/time$", "/time"),
        ("x{2}yz", "yz"),
        ("/a{10}b", "/"),
        ("\\d+/play", "/play")
    ])
    func literals(_ pattern: String, _ expected: String) {
        #expect(RequiredLiteral.of(pattern) == expected)
    }

    @Test(arguments: [".*", "a|b", "(?i)/TIME", "[abc]", "(/time)", "^$"])
    func patternsWithoutASafeLiteral(_ pattern: String) {
        #expect(RequiredLiteral.of(pattern) == nil)
    }

    @Test(arguments: [
        ("/times?", "/time"), ("/times?", "/times"), ("/a+b", "/aaab"), ("/entitlement/.*/play$", "/v2/x/entitlement/a/play"),
        ("x{2}yz", "xxyz"), ("/a{10}b", "/aaaaaaaaaab"), ("\\d+/play", "12/play"),
        ("^/streams/vod/[^/]+/seg-3\\.ts$", "/streams/vod/a/seg-3.ts")
    ])
    func everyMatchContainsTheLiteral(_ pattern: String, _ path: String) throws {
        let literal = try #require(RequiredLiteral.of(pattern))
        #expect(RequiredLiteral.text(path, contains: literal))
    }

    @Test func byteSearch() {
        #expect(RequiredLiteral.text("/v2/play", contains: "/play"))
        #expect(!RequiredLiteral.text("/v2/pla", contains: "/play"))
        #expect(!RequiredLiteral.text("", contains: "x"))
    }
}
