import Testing

@testable import HTTPServer

@Suite struct DeliveryScheduleTests {
    @Test func everyDeliveryIsADelayThenAnInnerDelivery() {
        #expect(HTTPResponse.Delivery.immediate.schedule == (0, .immediate))
        #expect(HTTPResponse.Delivery.truncated(afterBytes: 5).schedule == (0, .truncated(afterBytes: 5)))
        #expect(HTTPResponse.Delivery.throttled(bytesPerSecond: 9).schedule == (0, .throttled(bytesPerSecond: 9)))
        #expect(HTTPResponse.Delivery.dropConnection.schedule == (0, .dropConnection))
        #expect(HTTPResponse.Delivery.delayed(milliseconds: 250, then: .dropConnection).schedule == (250, .dropConnection))
        #expect(HTTPResponse.Delivery.delayed(milliseconds: -3, then: .immediate).schedule == (0, .immediate))
    }
}
