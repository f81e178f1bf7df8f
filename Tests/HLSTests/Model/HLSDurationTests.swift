import HLS
import Testing

@Suite("HLSDuration")
struct HLSDurationTests {
    @Test(
        "writes the shortest exact decimal",
        arguments: [
            (Int64(6_000_000), "6.000"),
            (6_006_000, "6.006"),
            (2_002_667, "2.002667"),
            (2_000_500, "2.0005"),
            (-1_500_000, "-1.500"),
            (0, "0.000")
        ])
    func writes(microseconds: Int64, text: String) {
        #expect(HLSDuration(microseconds: microseconds).description == text)
    }

    @Test("rounds to whole seconds half away from zero as the target duration rule does")
    func rounds() {
        #expect(HLSDuration.milliseconds(6499).roundedSeconds == 6)
        #expect(HLSDuration.milliseconds(6500).roundedSeconds == 7)
        #expect(HLSDuration(seconds: 2.0000004).microseconds == 2_000_000)
    }

    @Test("sums thousands of 6.006 s segments exactly")
    func sums() {
        let total = (0..<3600).reduce(HLSDuration.zero) { sum, _ in sum + .milliseconds(6006) }
        #expect(total == .milliseconds(21_621_600))
    }
}
