import Clocks
import Testing

@Suite struct DurationMultiplicationTests {
    /// The standard library's generic operator, which a generic context still calls.
    private func standardProduct<Count: BinaryInteger>(_ duration: Duration, _ count: Count) -> Duration { duration * count }

    @Test(arguments: [
        (Duration.seconds(2), 0), (.seconds(2), 1_000_000_000), (.seconds(2), -3), (.milliseconds(-1_500), 7),
        (.nanoseconds(1), Int.max), (.seconds(1) + .nanoseconds(1), -Int(Int32.max)), (.zero, Int.min)
    ])
    func multipliesAsTheStandardLibraryDoes(duration: Duration, count: Int) {
        #expect(duration * count == standardProduct(duration, count))
        #expect(duration * Int64(count) == standardProduct(duration, Int64(count)))
    }

    @Test func keepsWhatIsBelowTheNanosecond() {
        let third = Duration.seconds(1) / 3
        #expect((third * 3).attoseconds == third.attoseconds * 3)
        #expect(third * 3 != .seconds(1), "a third of a second is not exact in attoseconds")
    }
}
