import ExposurePlayback
import Testing

/// The live window's storage against a plain array under the same drops and appends.
@Suite struct SegmentWindowTests {
    static func segment(_ sequence: Int) -> TimelineSegment {
        TimelineSegment(
            sequence: sequence, start: .seconds(2) * sequence, duration: .seconds(2), programDateTime: nil, uri: "s\(sequence).ts")
    }

    @Test func behavesLikeAnArrayThroughManySlides() {
        var window = SegmentWindow((0..<100).map(Self.segment))
        var model = (0..<100).map(Self.segment)
        var next = 100
        var random: UInt64 = 42
        for _ in 0..<2_000 {
            random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let drop = Int(random >> 60) % 3
            let cut = Int(random >> 56) % 4
            window.removeFirst(min(drop, window.count))
            model.removeFirst(min(drop, model.count))
            window.removeLast(min(cut, window.count))
            model.removeLast(min(cut, model.count))
            next -= min(cut, next)
            for _ in 0..<(drop + cut) {
                window.append(Self.segment(next))
                model.append(Self.segment(next))
                next += 1
            }
            #expect(Array(window) == model)
        }
        #expect(window == SegmentWindow(model))
        #expect(window.first == model.first && window.last == model.last && window[window.count / 2] == model[model.count / 2])
    }
}
