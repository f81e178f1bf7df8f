import ExposureModels
import Foundation
import MockPlatformTesting
import Testing

/// A fault rule's lengths of time are `Duration`s in Swift and whole milliseconds under their
/// `…Ms` names on the wire, both ways.
@Suite struct FaultRuleWireTests {
    static let json = #"""
        {"delayMs":1500,"network":{"steps":[{"durationMs":60000,"kbps":800,"latencyMs":40}]},"path":"^/media/","playlist":{"staleForMs":30000}}
        """#

    @Test func durationsReadTheirMillisecondFieldsAndWriteThemBack() throws {
        let rule = try ExposureJSON.decode(FaultRule.self, from: Data(Self.json.utf8))
        #expect(rule.delay == .milliseconds(1_500))
        #expect(rule.playlist?.staleFor == .seconds(30))
        #expect(rule.network?.steps == [NetworkSchedule.Step(duration: .seconds(60), kbps: 800, latency: .milliseconds(40))])
        #expect(String(decoding: try ExposureJSON.encode(rule), as: UTF8.self) == Self.json)
    }

    @Test func aFractionOfAMillisecondIsNotAWireValue() {
        #expect(throws: DecodingError.self) { try ExposureJSON.decode(FaultRule.self, from: Data(#"{"path":"x","delayMs":1.5}"#.utf8)) }
    }
}
