import Testing

@testable import MockPlatform

struct BearerTokenTests {
    @Test(arguments: [
        ("Bearer abc", "abc"),
        ("bearer abc", "abc"),
        ("BEARER abc", "abc"),
        ("Bearer   abc \t", "abc"),
        ("Bearer a b", "a b")
    ])
    func readsTheToken(header: String, token: String) {
        #expect(BearerToken.token(in: header) == token)
    }

    @Test(arguments: [nil, "", "Bearer", "Bearer ", "Bearer  \t ", "Basic abc", "Bearerabc", "Bearer\tabc", "Bear abc", "bearer\u{0}abc"])
    func refusesAnythingElse(header: String?) {
        #expect(BearerToken.token(in: header) == nil)
    }
}
