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

    /// Every field of a rule as the platform answers it: reading and writing it back gives the same bytes.
    static let everyField = #"""
        {"after":2,"body":"x","bytesPerSecond":1000,"contentType":"text/plain","corrupt":true,"delayMs":0,"drop":false,\#
        "headers":{"X-A":"1"},"hits":3,"id":"f1","message":"m","method":"GET","name":"n",\#
        "network":{"loop":true,"steps":[{"durationMs":1,"kbps":1},{"durationMs":86400000,"kbps":10000000,"latencyMs":60000}]},\#
        "path":"^/a$","playlist":{"staleForMs":1},"priority":0,"probability":0.5,"query":{"q":"*"},"remaining":4,"status":503,\#
        "stream":{"assetId":"news-24"},"times":5,"truncateAfterBytes":10}
        """#

    @Test func everyFieldIsWrittenBackAsItWasRead() throws {
        let rule = try ExposureJSON.decode(FaultRule.self, from: Data(Self.everyField.utf8))
        #expect(rule.delay == .zero)
        #expect(rule.network?.steps?.last?.latency == .seconds(60))
        #expect(String(decoding: try ExposureJSON.encode(rule), as: UTF8.self) == Self.everyField)
    }

    @Test func absentDurationsAreNilAndWriteNoKey() throws {
        let rule = try ExposureJSON.decode(FaultRule.self, from: Data(#"{"path":"x","playlist":{"gap":true},"delayMs":null}"#.utf8))
        #expect(rule.delay == nil)
        #expect(rule.playlist?.staleFor == nil)
        #expect(String(decoding: try ExposureJSON.encode(rule), as: UTF8.self) == #"{"path":"x","playlist":{"gap":true}}"#)
    }

    @Test func aStepNeedsItsDuration() {
        #expect(throws: DecodingError.self) {
            try ExposureJSON.decode(NetworkSchedule.Step.self, from: Data(#"{"kbps":800,"latencyMs":40}"#.utf8))
        }
    }

    @Test func aFractionOfAMillisecondIsNotAWireValue() {
        #expect(throws: DecodingError.self) { try ExposureJSON.decode(FaultRule.self, from: Data(#"{"path":"x","delayMs":1.5}"#.utf8)) }
    }
}
