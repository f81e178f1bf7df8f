import Testing

@testable import HTTPServer

@Suite struct DeliveryScheduleTests {
    @Test func everyDeliveryIsADelayThenAnInnerDelivery() {
        #expect(HTTPResponse.Delivery.immediate.schedule == (.zero, .immediate))
        #expect(HTTPResponse.Delivery.truncated(afterBytes: 5).schedule == (.zero, .truncated(afterBytes: 5)))
        #expect(HTTPResponse.Delivery.throttled(bytesPerSecond: 9).schedule == (.zero, .throttled(bytesPerSecond: 9)))
        #expect(HTTPResponse.Delivery.dropConnection.schedule == (.zero, .dropConnection))
        #expect(HTTPResponse.Delivery.delayed(.milliseconds(250), then: .dropConnection).schedule == (.milliseconds(250), .dropConnection))
        #expect(HTTPResponse.Delivery.delayed(.milliseconds(-3), then: .immediate).schedule == (.zero, .immediate))
    }
}
