import Clocks
import HTTPServer

/// Network conditions over time for the requests a rule matches: a list of steps, a trace of
/// `(seconds, kbit/s)` pairs, or a named preset. Time starts at the first request the rule
/// meets and runs on the server clock (a ``ManualClock`` in tests: a 5-minute schedule
/// takes no real time). After the last step the schedule holds it, or starts again with `loop`.
///
/// Each answer is held back for the step's latency plus its body's transfer time at the step's
/// rate, then sent whole: the client measures exactly the step's throughput (latency aside). The
/// rule's own delivery still applies after the hold (``NetworkTimeline/shaped(bytes:as:under:)``).
public struct NetworkSchedule: Codable, Sendable, Equatable {
    /// One stretch of constant conditions.
    public struct Step: Codable, Sendable, Equatable {
        /// How long it lasts (`durationMs` on the wire: whole milliseconds).
        public var duration: Duration {
            get { wireDuration.duration }
            set { wireDuration = WireMilliseconds(newValue) }
        }
        /// Added latency before the first byte (`latencyMs` on the wire: whole milliseconds).
        public var latency: Duration? {
            get { wireLatency?.duration }
            set { wireLatency = newValue.map(WireMilliseconds.init) }
        }
        /// ``duration`` as the wire carries it (`durationMs`, a deprecated Swift spelling too).
        private var wireDuration: WireMilliseconds
        /// Throughput, kbit/s.
        public var kbps: Int
        /// ``latency`` as the wire carries it (`latencyMs`, a deprecated Swift spelling too).
        private var wireLatency: WireMilliseconds?

        /// A step.
        public init(duration: Duration, kbps: Int, latency: Duration? = nil) {
            wireDuration = WireMilliseconds(duration)
            self.kbps = kbps
            wireLatency = latency.map(WireMilliseconds.init)
        }

        /// The wire's names: `durationMs`, `kbps`, `latencyMs`.
        private enum CodingKeys: String, CodingKey {
            case wireDuration = "durationMs"
            case kbps
            case wireLatency = "latencyMs"
        }
    }

    /// A named schedule: `edge`, `3g`, `lte` or `wifi-flaky`.
    public var preset: String?
    /// Steps played in order.
    public var steps: [Step]?
    /// Lines of `seconds kbit/s` (space or comma between; `#` starts a comment), times rising from 0.
    public var trace: String?
    /// Start again after the last step instead of holding it.
    public var loop: Bool?

    /// A schedule; give exactly one of `preset`, `steps` and `trace`.
    public init(preset: String? = nil, steps: [Step]? = nil, trace: String? = nil, loop: Bool? = nil) {
        self.preset = preset
        self.steps = steps
        self.trace = trace
        self.loop = loop
    }

    /// The presets by name. The bundled ladder runs from about 80 to 570 kbit/s (video and audio).
    public static let presets: [String: NetworkSchedule] = [
        "edge": NetworkSchedule(steps: [Step(duration: .seconds(60), kbps: 240, latency: .milliseconds(400))]),
        "3g": NetworkSchedule(steps: [Step(duration: .seconds(60), kbps: 400, latency: .milliseconds(150))]),
        "lte": NetworkSchedule(steps: [Step(duration: .seconds(60), kbps: 4_000, latency: .milliseconds(40))]),
        "wifi-flaky": NetworkSchedule(
            steps: [
                Step(duration: .seconds(40), kbps: 3_000, latency: .milliseconds(10)),
                Step(duration: .seconds(20), kbps: 250, latency: .milliseconds(80)),
                Step(duration: .seconds(30), kbps: 1_500, latency: .milliseconds(20)),
                Step(duration: .seconds(15), kbps: 120, latency: .milliseconds(200))
            ], loop: true)
    ]

    /// The steps the schedule plays, or why it has none, as a sentence naming the field (or the trace's line).
    func resolvedSteps() -> Result<[Step], NetworkScheduleError> {
        let given = [preset != nil, steps != nil, trace != nil].filter { $0 }.count
        guard given == 1 else { return .failure(NetworkScheduleError("network takes exactly one of preset, steps or trace.")) }
        if let preset {
            guard let schedule = Self.presets[preset] else {
                return .failure(
                    NetworkScheduleError(
                        "network.preset \(preset) is unknown; presets: \(Self.presets.keys.sorted().joined(separator: ", ")))."))
            }
            return schedule.resolvedSteps()
        }
        if let trace { return Self.steps(ofTrace: trace) }
        let steps = steps ?? []
        guard !steps.isEmpty, steps.count <= 10_000 else {
            return .failure(NetworkScheduleError("network.steps must hold 1 to 10000 steps."))
        }
        for (index, step) in steps.enumerated() {
            guard (Duration.milliseconds(1)...Duration.seconds(86_400)).contains(step.duration), (1...10_000_000).contains(step.kbps),
                (.zero...Duration.seconds(60)).contains(step.latency ?? .zero)
            else {
                return .failure(
                    NetworkScheduleError(
                        "network.steps[\(index)]: durationMs must be from 1 to 86400000, kbps from 1 to 10000000, latencyMs from 0 to 60000."
                    ))
            }
        }
        return .success(steps)
    }

    /// The steps of a trace: each line's rate holds until the next line's time; the last holds.
    private static func steps(ofTrace trace: String) -> Result<[Step], NetworkScheduleError> {
        var points: [(ms: Int, kbps: Int)] = []
        for (index, raw) in trace.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let fields = line.split { $0 == " " || $0 == "\t" || $0 == "," || $0 == "\r" }
            if fields.isEmpty { continue }
            guard fields.count == 2, let seconds = Double(fields[0]), seconds.isFinite, (0...86_400).contains(seconds),
                let kbps = Int(fields[1]), (1...10_000_000).contains(kbps)
            else {
                return .failure(
                    NetworkScheduleError(
                        "network.trace line \(index + 1): expected \"seconds kbit/s\" (0–86400, 1–10000000), got \"\(raw)\"."))
            }
            let ms = Int(seconds * 1000)
            if points.isEmpty, ms != 0 {
                return .failure(NetworkScheduleError("network.trace line \(index + 1): the first point must be at 0 s."))
            }
            if let last = points.last, ms <= last.ms {
                return .failure(
                    NetworkScheduleError("network.trace line \(index + 1): times must rise (\(seconds) s is not after the line before)."))
            }
            points.append((ms, kbps))
        }
        guard !points.isEmpty else { return .failure(NetworkScheduleError("network.trace holds no \"seconds kbit/s\" line.")) }
        var steps: [Step] = []
        for (index, point) in points.enumerated() {
            let next = index + 1 < points.count ? points[index + 1].ms : point.ms + 60_000
            steps.append(Step(duration: .milliseconds(next - point.ms), kbps: point.kbps))
        }
        return .success(steps)
    }
}

/// Why a network schedule cannot be used, as a sentence.
struct NetworkScheduleError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}

/// A schedule's steps laid out on time since its start.
struct NetworkTimeline: Sendable {
    let steps: [NetworkSchedule.Step]
    let loops: Bool
    private let total: Duration

    init(steps: [NetworkSchedule.Step], loops: Bool) {
        self.steps = steps
        self.loops = loops
        total = steps.reduce(.zero) { $0 + $1.duration }
    }

    /// The step in force `elapsed` after the start.
    func step(after elapsed: Duration) -> NetworkSchedule.Step {
        var offset = loops && total > .zero ? .milliseconds(elapsed.wholeMilliseconds % total.wholeMilliseconds) : elapsed
        for step in steps {
            if offset < step.duration { return step }
            offset -= step.duration
        }
        return steps[steps.count - 1]
    }

    /// How long an answer of `bytes` is held back under `step`: latency plus transfer time, in
    /// whole milliseconds (rounded up).
    static func hold(bytes: Int, under step: NetworkSchedule.Step) -> Duration {
        (step.latency ?? .zero) + .milliseconds((Int64(bytes) * 8 + Int64(step.kbps) - 1) / Int64(step.kbps))
    }

    /// How an answer of `bytes` that the rule sends as `inner` travels under `step`: held for
    /// the latency plus the transfer time of the bytes that leave (none when the connection is
    /// dropped, the first N when it is cut short), then sent as `inner`. A throttle slower than
    /// the step is the narrower link: only the latency is held, then the throttle paces the
    /// body; a faster one changes nothing.
    static func shaped(
        bytes: Int, as inner: HTTPResponse.Delivery.Inner, under step: NetworkSchedule.Step
    ) -> (hold: Duration, then: HTTPResponse.Delivery.Inner) {
        switch inner {
        case .immediate, .streamed: (hold(bytes: bytes, under: step), inner)
        case .truncated(let afterBytes): (hold(bytes: min(bytes, afterBytes), under: step), inner)
        case .dropConnection: (hold(bytes: 0, under: step), inner)
        case .throttled(let bytesPerSecond) where Int64(bytesPerSecond) * 8 < Int64(step.kbps) * 1000:
            (hold(bytes: 0, under: step), inner)
        case .throttled: (hold(bytes: bytes, under: step), .immediate)
        }
    }
}
