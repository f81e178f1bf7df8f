import Foundation
import HTTPServer
import Testing

/// What a streamed body does next, as a value: the source's bytes in pieces the client takes, a
/// heartbeat only when idle, the end once the source says so.
@Suite struct BodyStreamStateTests {
    static let heartbeat = Data(": hb\n\n".utf8)

    @Test func theSourcesBytesGoOutInPiecesOfWhatTheClientTakes() {
        var state = BodyStreamState()
        var asked = 0
        let source = { () -> Data? in
            asked += 1
            return Data("abcdefg".utf8)
        }
        #expect(state.step(maxBytes: 3, heartbeat: Self.heartbeat, next: source) == .send(Data("abc".utf8)))
        #expect(state.step(maxBytes: 3, heartbeat: Self.heartbeat, next: source) == .send(Data("def".utf8)))
        #expect(state.step(maxBytes: 3, heartbeat: Self.heartbeat, next: source) == .send(Data("g".utf8)))
        #expect(asked == 1, "the source is asked again only once its bytes are out")
        #expect(state.step(maxBytes: 3, heartbeat: Self.heartbeat, next: { Data() }) == .wait)
    }

    @Test func aHeartbeatGoesOutOnlyWhenNothingElseDoes() {
        var state = BodyStreamState()
        state.heartbeatDue = true
        #expect(state.step(maxBytes: 100, heartbeat: Self.heartbeat, next: { Data("x".utf8) }) == .send(Data("x".utf8)))
        #expect(!state.heartbeatDue, "traffic counts as a heartbeat")
        #expect(state.step(maxBytes: 100, heartbeat: Self.heartbeat, next: { Data() }) == .wait)
        state.heartbeatDue = true
        #expect(state.step(maxBytes: 100, heartbeat: Self.heartbeat, next: { Data() }) == .send(Self.heartbeat))
        #expect(state.step(maxBytes: 100, heartbeat: Self.heartbeat, next: { Data() }) == .wait)
    }

    @Test func theEndComesAfterTheLastBytesAndStays() {
        var state = BodyStreamState()
        #expect(state.step(maxBytes: 2, heartbeat: Self.heartbeat, next: { Data("xyz".utf8) }) == .send(Data("xy".utf8)))
        #expect(state.step(maxBytes: 2, heartbeat: Self.heartbeat, next: { nil }) == .send(Data("z".utf8)))
        #expect(state.step(maxBytes: 2, heartbeat: Self.heartbeat, next: { nil }) == .end)
        state.heartbeatDue = true
        #expect(state.step(maxBytes: 2, heartbeat: Self.heartbeat, next: { Data("late".utf8) }) == .end, "nothing after the end")
    }
}
