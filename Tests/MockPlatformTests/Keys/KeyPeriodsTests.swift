import Clocks
import Testing

@testable import MockPlatform

@Suite struct KeyPeriodsTests {
    private let schedule = ChannelSchedule(
        channelId: "c",
        slots: [
            ProgramSlot(title: "Long", durationMinutes: 25), ProgramSlot(title: "Short", durationMinutes: 5)
        ])

    /// A period starts at every ten minutes and at every program start, whichever came last.
    @Test func periodsStartAtRotationsAndProgramStarts() {
        func start(_ minute: Int64) -> Int64 {
            KeyPeriods.keyID(assetId: "c", schedule: schedule, segmentStart: WallTime(millisecondsSince1970: minute * 60_000)).periodStart
                .millisecondsSince1970 / 60_000
        }
        #expect([0, 9, 10, 19, 20, 24, 25, 29, 30, 39, 40].map(start) == [0, 0, 10, 10, 20, 20, 25, 25, 30, 30, 40])
        #expect(KeyPeriods.isKey(ContentKeyID(assetId: "c", periodStart: WallTime(millisecondsSince1970: 25 * 60_000)), schedule: schedule))
        #expect(
            !KeyPeriods.isKey(ContentKeyID(assetId: "c", periodStart: WallTime(millisecondsSince1970: 26 * 60_000)), schedule: schedule))
    }

    @Test func anAssetWithoutScheduleHasOneKey() {
        #expect(KeyPeriods.keyID(assetId: "v", schedule: nil, segmentStart: WallTime(millisecondsSince1970: 123_456)).text == "v.0")
        #expect(KeyPeriods.isKey(ContentKeyID(assetId: "v", periodStart: WallTime(millisecondsSince1970: 0)), schedule: nil))
        #expect(!KeyPeriods.isKey(ContentKeyID(assetId: "v", periodStart: WallTime(millisecondsSince1970: 1)), schedule: nil))
    }

    @Test func idsRoundTripAndKeysAreStable() {
        #expect(ContentKeyID(text: "a.b.600000") == ContentKeyID(assetId: "a.b", periodStart: WallTime(millisecondsSince1970: 600_000)))
        #expect(ContentKeyID(text: "nodot") == nil && ContentKeyID(text: ".5") == nil && ContentKeyID(text: "a.-5") == nil)
        let id = ContentKeyID(assetId: "a", periodStart: WallTime(millisecondsSince1970: 0))
        #expect(id.key.count == 16 && id.key == ContentKeyID(assetId: "a", periodStart: WallTime(millisecondsSince1970: 0)).key)
        #expect(id.key != ContentKeyID(assetId: "a", periodStart: WallTime(millisecondsSince1970: 600_000)).key)
    }

    @Test func tokensVerifyAndForgeriesDoNot() {
        let token = PlayToken(playSessionId: "s", assetId: "a.b", accountId: "acc", expires: WallTime(millisecondsSince1970: 42_000))
        #expect(PlayToken(verifying: token.text) == token)
        let other = PlayToken(playSessionId: "s", assetId: "c", accountId: "acc", expires: WallTime(millisecondsSince1970: 42_000)).text
        let payloadOfOther = other.split(separator: ".")[0]
        let signatureOfMine = token.text.split(separator: ".")[1]
        #expect(PlayToken(verifying: "\(payloadOfOther).\(signatureOfMine)") == nil)
        #expect(PlayToken(verifying: "") == nil && PlayToken(verifying: "a.b.c") == nil)
    }
}
