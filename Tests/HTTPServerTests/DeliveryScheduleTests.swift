import HTTPServer
import Testing

@Suite struct DeliveryScheduleTests {
    @Test func everyDeliveryIsADelayThenAnInnerDelivery() {
        #expect(HTTPResponse.Delivery.immediate.schedule == (.zero, .immediate))
        #expect(HTTPResponse.Delivery.truncated(afterBytes: 5).schedule == (.zero, .truncated(afterBytes: 5)))
        #expect(HTTPResponse.Delivery.throttled(bytesPerSecond: 9).schedule == (.zero, .throttled(bytesPerSecond: 9)))
        #expect(HTTPResponse.Delivery.dropConnection.schedule == (.zero, .dropConnection))
        #expect(HTTPResponse.Delivery.delayed(.milliseconds(250), then: .dropConnection).schedule == (.milliseconds(250), .dropConnection))
        #expect(HTTPResponse.Delivery.delayed(.milliseconds(-3), then: .immediate).schedule == (.zero, .immediate))
    }

    @Test func aDelayAndAnInnerDeliveryMakeTheDeliveryBack() {
        let inners: [HTTPResponse.Delivery.Inner] = [
            .immediate, .truncated(afterBytes: 5), .throttled(bytesPerSecond: 9), .dropConnection
        ]
        for inner in inners {
            #expect(HTTPResponse.Delivery(after: .zero, then: inner).schedule == (.zero, inner), "no wait: the inner delivery itself")
            #expect(HTTPResponse.Delivery(after: .milliseconds(-1), then: inner).schedule == (.zero, inner))
            #expect(HTTPResponse.Delivery(after: .milliseconds(40), then: inner) == .delayed(.milliseconds(40), then: inner))
        }
        #expect(HTTPResponse.Delivery(after: .zero, then: .truncated(afterBytes: 5)) == .truncated(afterBytes: 5))
    }
}
