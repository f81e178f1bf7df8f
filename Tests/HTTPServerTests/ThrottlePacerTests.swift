import HTTPServer
import Testing

@Suite struct ThrottlePacerTests {
    @Test func firstChunkGoesAtOnce() {
        #expect(ThrottlePacer(bytesPerSecond: 5000).step(position: 0, elapsed: .zero) == .send(maxBytes: 500))
    }

    @Test func waitsUntilTheBytesAreDue() {
        let pacer = ThrottlePacer(bytesPerSecond: 1000)
        // 500 bytes out: the next byte is due at 0.5 s.
        #expect(pacer.step(position: 500, elapsed: .milliseconds(100)) == .wait(.milliseconds(400)))
        #expect(pacer.step(position: 500, elapsed: .milliseconds(500)) == .send(maxBytes: 100))
        #expect(pacer.step(position: 500, elapsed: .seconds(3)) == .send(maxBytes: 100))
    }

    @Test func roundsWaitsUpToWholeMilliseconds() {
        let pacer = ThrottlePacer(bytesPerSecond: 3)
        #expect(pacer.step(position: 1, elapsed: .zero) == .wait(.milliseconds(334)))
        #expect(pacer.step(position: 1, elapsed: .microseconds(333_300)) == .wait(.milliseconds(1)))
    }

    @Test func tinyAndInvalidRatesStillMakeProgress() {
        #expect(ThrottlePacer(bytesPerSecond: 1).chunkSize == 1)
        #expect(ThrottlePacer(bytesPerSecond: 0).step(position: 0, elapsed: .zero) == .send(maxBytes: 1))
        #expect(ThrottlePacer(bytesPerSecond: -5).step(position: 2, elapsed: .zero) == .wait(.milliseconds(2000)))
    }
}
