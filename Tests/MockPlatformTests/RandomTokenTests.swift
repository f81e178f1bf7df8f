import Testing

@testable import MockPlatform

@Suite struct RandomTokenTests {
    @Test(arguments: [1, 8, 16, 33])
    func tokensAreLowercaseHexOfTwiceTheBytes(bytes: Int) {
        let token = RandomToken.make(bytes: bytes)
        #expect(token.count == bytes * 2)
        #expect(
            token.utf8.allSatisfy {
                (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0)
            })
    }

    @Test func aThousandTokensAreAllDifferent() {
        #expect(Set((0..<1_000).map { _ in RandomToken.make(bytes: 16) }).count == 1_000)
    }
}
