import Clocks

/// `GET /_mock/clock` and the answer to `PUT /_mock/clock`. Its JSON keeps the wire's
/// `offsetMs`, whole milliseconds.
public struct ClockState: Codable, Sendable, Equatable {
    /// The platform's time, ISO-8601 with milliseconds.
    public var now: String
    /// Platform time minus real time.
    public var offset: Duration {
        get { wireOffset.duration }
        set { wireOffset = WireMilliseconds(newValue) }
    }
    /// How fast platform time runs (1 real time, 0 frozen).
    public var rate: Double

    private var wireOffset: WireMilliseconds

    /// A clock reading.
    public init(now: String, offset: Duration, rate: Double) {
        self.now = now
        wireOffset = WireMilliseconds(offset)
        self.rate = rate
    }

    /// The wire's names.
    private enum CodingKeys: String, CodingKey {
        case now
        case wireOffset = "offsetMs"
        case rate
    }
}

/// The body of `PUT /_mock/clock`: an offset or an instant (not both), and optionally a rate.
/// Its JSON keeps the wire's `offsetMs`, whole milliseconds.
public struct ClockUpdate: Codable, Sendable, Equatable {
    /// Platform time becomes real time plus this.
    public var offset: Duration? {
        get { wireOffset?.duration }
        set { wireOffset = newValue.map(WireMilliseconds.init) }
    }
    /// Platform time becomes this instant, ISO-8601.
    public var now: String?
    /// Platform time runs this fast from now on (0 freezes it).
    public var rate: Double?

    private var wireOffset: WireMilliseconds?

    /// An update.
    public init(offset: Duration? = nil, now: String? = nil, rate: Double? = nil) {
        wireOffset = offset.map(WireMilliseconds.init)
        self.now = now
        self.rate = rate
    }

    /// The wire's names.
    private enum CodingKeys: String, CodingKey {
        case wireOffset = "offsetMs"
        case now, rate
    }
}

/// `GET /_mock/health`.
public struct HealthReport: Codable, Sendable, Equatable {
    /// `ok`, or `degraded` when the state store has failed.
    public var status: String
    /// The mock's release, e.g. `0.4.0` (``ProductVersion/number``).
    public var version: String
    /// The git commit it was built from, or `unknown` (``ProductVersion/commit``).
    public var commit: String
    /// Platform time, ISO-8601.
    public var now: String
    /// The fixtures directory in use.
    public var fixtures: String
    /// Assets in the catalog.
    public var assets: Int
    /// Live channels in the catalog.
    public var channels: Int
    /// Users who can log in.
    public var users: Int
    /// Fault rules in force.
    public var faults: Int
    /// Requests in the journal.
    public var journaled: Int
    /// The schemes served: `http`, `https` (`exposure-mock --tls`), or both (`--tls-port`).
    public var schemes: [String]
    /// The last state store failure, if any.
    public var stateError: String?
    /// What the mock holds for clients against its bounds.
    public var memory: MemoryUsage
}

/// `GET /_mock/health`'s `memory`: what the bounded stores keep (docs/admin-api.md, "Memory held
/// for clients"), so a long run can tell a store filling up to its bound from one growing past it.
public struct MemoryUsage: Codable, Sendable, Equatable {
    /// Analytics events (`GET /_mock/analytics`).
    public var analyticsEvents: StoreUsage
    /// Ad beacons (`GET /_mock/beacons`).
    public var beacons: StoreUsage
    /// The request journal (`GET /_mock/requests`).
    public var journal: StoreUsage
    /// Sessions held in memory, expired ones not yet swept included; nil with `--state` (kept in the file).
    public var sessions: Int?
    /// Play sessions held in memory, ended ones not yet swept included; nil with `--state`.
    public var playSessions: Int?
}

/// The body of `POST /_mock/fixtures/reload`.
package struct FixtureReloadRequest: Codable, Sendable, Equatable {
    /// Another fixtures directory to switch to; nil reloads the current one.
    package var directory: String?

    /// A request.
    package init(directory: String? = nil) { self.directory = directory }
}

/// The answer of a successful `POST /_mock/fixtures/reload`.
package struct FixtureReloadReport: Codable, Sendable, Equatable {
    /// The fixtures directory now in use.
    package var directory: String
    /// Assets in the new catalog.
    package var assets: Int
    /// Live channels in the new catalog.
    package var channels: Int
    /// Users who can log in.
    package var users: Int
}

/// The 422 answer of a reload with broken fixtures (the old catalog stays in force).
public struct FixtureReport: Codable, Sendable, Equatable {
    /// 422.
    public var httpCode: Int
    /// `INVALID_FIXTURES`.
    public var message: String
    /// A one-line summary.
    public var extendedMessage: String
    /// Every problem found.
    public var problems: [Problem]

    /// One problem: file, JSON path, sentence.
    public struct Problem: Codable, Sendable, Equatable {
        /// The file, relative to the fixtures directory.
        public var file: String
        /// The JSON path, e.g. `$[3].mock.channel`.
        public var path: String
        /// What is wrong, as a sentence.
        public var message: String
        /// The line the problem is on; nil when the file could not be read.
        public var line: Int?
        /// The path as a reader finds it, e.g. `assets[16] "nordic-noir".publications[0]`.
        public var location: String?
    }

    init(_ problems: FixtureProblems) {
        httpCode = 422
        message = "INVALID_FIXTURES"
        extendedMessage = "\(problems.problems.count) problem(s); the previous fixtures stay in use."
        self.problems = problems.problems.map {
            Problem(file: $0.file, path: $0.path, message: $0.message, line: $0.line, location: $0.location)
        }
    }
}

/// A play session as the admin API lists it.
public struct PlaySessionReport: Codable, Sendable, Equatable {
    /// The play session.
    public var playSession: PlaySession
    /// Whether it holds a stream slot now.
    public var active: Bool
}
