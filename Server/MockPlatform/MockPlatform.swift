import Clocks
import ExposureModels
import Foundation
import HTTPServer

/// The mock Exposure platform: fixtures, state, clock and the HTTP server in one object.
///
/// ```swift
/// let platform = try MockPlatform(configuration: .init(port: 0))
/// try platform.start()
/// print(platform.baseURL) // http://127.0.0.1:54321
/// ```
///
/// With ``Configuration/https`` it serves HTTPS, instead of HTTP or beside it on a port of its own.
public final class MockPlatform: Sendable {
    /// How to run the platform.
    public struct Configuration: Sendable {
        /// The address to bind; loopback by default.
        public var host: String
        /// The port; 0 picks a free one (read it back from `port`).
        public var port: Int
        /// HTTPS: the certificate served, and whether on `port` instead of HTTP or beside it on a
        /// port of its own; nil serves plain HTTP only.
        public var https: HTTPSListener?
        /// The fixtures directory.
        public var fixturesDirectory: URL
        /// Where the dashboard (`Dashboard/`), the OpenAPI document and the fixture schemas
        /// (`docs/`) are read from: the mock's own data folder, whatever fixtures it serves.
        public var dataFolder: URL
        /// The largest request body accepted (413 beyond).
        public var maxBodyBytes: Int
        /// Receives one entry per answered request, the admin API's included; nil for silence.
        public var requestLog: (@Sendable (RequestLogEntry) -> Void)?
        /// Receives the HTTP server's own diagnostics (a request it could not read, a refused
        /// head); nil for silence.
        public var diagnosticLog: (@Sendable (String) -> Void)?
        /// The Bearer token the admin API (`/_mock/`) requires; without one, the admin API is
        /// open on a loopback host and absent on any other.
        public var adminToken: String?
        /// How many requests the journal keeps before dropping the oldest.
        public var journalCapacity: Int
        /// The clock fault delays, throttled bodies and the request-head deadline wait on: real
        /// time, or a ``ManualClock`` a test moves so a 30-s delay takes none.
        public var serverClock: any WakingClock
        /// Where fault rules' `probability` draws start (and start again on reset); random when nil.
        public var faultSeed: UInt64?

        /// A configuration; defaults serve the bundled fixtures on 127.0.0.1:8080.
        public init(
            host: String = "127.0.0.1", port: Int = 8080, https: HTTPSListener? = nil,
            fixturesDirectory: URL = FixtureLoader.bundledDirectory,
            maxBodyBytes: Int = 1 << 20, requestLog: (@Sendable (RequestLogEntry) -> Void)? = nil,
            diagnosticLog: (@Sendable (String) -> Void)? = nil, adminToken: String? = nil, journalCapacity: Int = 10_000,
            serverClock: any WakingClock = .system, faultSeed: UInt64? = nil, dataFolder: URL = BundledFixtures.dataFolder
        ) {
            self.host = host
            self.port = port
            self.https = https
            self.fixturesDirectory = fixturesDirectory
            self.dataFolder = dataFolder
            self.maxBodyBytes = maxBodyBytes
            self.requestLog = requestLog
            self.diagnosticLog = diagnosticLog
            self.adminToken = adminToken
            self.journalCapacity = journalCapacity
            self.serverClock = serverClock
            self.faultSeed = faultSeed
        }

        /// Who may use the admin API with this configuration.
        package var adminAccess: AdminAccess { AdminAccess.forBinding(host: host, token: adminToken) }
    }

    /// The configuration it runs with.
    public let configuration: Configuration
    /// Catalog, state and clock, shared by every request.
    package let context: PlatformContext
    /// Clock, faults, journal, reset and reload: what the admin API and the testing library drive.
    public let control: PlatformControl
    /// The whole request pipeline, usable in-process without a socket.
    package let responder: any HTTPResponder
    /// One server per port: the first on `port`, then the HTTPS one when it has a port of its own.
    private let servers: [HTTPServer]

    /// Loads the fixtures (throwing every problem found) and prepares the server, its state in memory.
    public convenience init(configuration: Configuration = Configuration(), clock: PlatformClock = PlatformClock()) throws(FixtureProblems)
    {
        try self.init(configuration: configuration, clock: clock, state: MemoryState())
    }

    /// Loads the fixtures (throwing every problem found) and prepares the server over `state`.
    package init(
        configuration: Configuration = Configuration(), clock: PlatformClock = PlatformClock(), state: any PlatformState
    ) throws(FixtureProblems) {
        self.configuration = configuration
        let listeners: [(port: Int, tls: TLSIdentity?)] =
            switch configuration.https {
            case nil: [(configuration.port, nil)]
            case let https? where https.port == nil: [(configuration.port, https.identity)]
            case let https?: [(configuration.port, nil), (https.port ?? 0, https.identity)]
            }
        let catalog = try FixtureLoader.load(from: configuration.fixturesDirectory, at: clock.now)
        context = PlatformContext(catalog: catalog, fixturesDirectory: configuration.fixturesDirectory, state: state, clock: clock)
        control = PlatformControl(
            context: context,
            faults: FaultInjector(
                seed: configuration.faultSeed,
                streams: { [context] in StreamTargetResolver(loaded: context.catalog, now: context.clock.now) }),
            journal: RequestJournal(capacity: configuration.journalCapacity),
            fixturesDirectory: configuration.fixturesDirectory, dataFolder: configuration.dataFolder,
            schemes: listeners.map { $0.tls == nil ? "http" : "https" }, adminAccess: configuration.adminAccess)
        let refused = control.applyFixtureFaults()
        guard refused.isEmpty else { throw FixtureProblems(problems: refused) }
        // Journal outermost, so it records what faults made of the answer; CORS outside the
        // faults, so a browser sees an injected 500 as a 500 rather than as a CORS failure.
        let platform = JournalResponder(
            next: CORSResponder(
                next: FaultResponder(
                    next: PlatformRouter.make(context: context, unmatched: control.unmatched),
                    faults: control.faults, clock: context.clock, serverClock: configuration.serverClock)),
            journal: control.journal, context: context)
        var responder: any HTTPResponder = RequestIDResponder(
            next: ControlPlaneResponder(
                access: control.adminAccess, sessions: control.adminSessions, admin: CORSResponder(next: AdminAPI.make(control: control)),
                platform: platform))
        if let log = configuration.requestLog { responder = RequestLogResponder(next: responder, context: context, log: log) }
        self.responder = responder
        servers = listeners.map { listener in
            HTTPServer(
                configuration: HTTPServer.Configuration(
                    host: configuration.host, port: listener.port, tls: listener.tls, maxBodyBytes: configuration.maxBodyBytes,
                    clock: configuration.serverClock,
                    errorResponse: { status, message in
                        var response = Responses.error(ExposureErrorMessage(httpCode: status, message: message))
                        RequestID.stamp(&response)
                        return response
                    },
                    errorLog: configuration.diagnosticLog ?? { _ in }),
                responder: responder)
        }
    }

    /// Starts listening on every port, or on none: when one cannot be bound, those started are
    /// stopped again.
    /// - Throws: `HTTPServerError` naming the address that could not be bound.
    public func start() throws {
        for (index, server) in servers.enumerated() {
            do {
                try server.start()
            } catch {
                servers[..<index].forEach { $0.stop() }
                throw error
            }
        }
    }

    /// Stops listening; requests in flight finish first.
    public func stop() { servers.forEach { $0.stop() } }

    /// Answers held back by a delay or throttle fault right now, waiting on the server clock.
    package var parkedConnections: Int { servers.reduce(0) { $0 + $1.parkedConnections } }

    /// The port listened on (the real one when configured with 0): HTTP's when both are served.
    public var port: Int { servers[0].port }

    /// The HTTPS port when HTTPS is served (the same as ``port`` when it replaces HTTP).
    public var httpsPort: Int? { servers.first { $0.configuration.tls != nil }?.port }

    /// `http://host:port` of the running platform (`https://` when it serves HTTPS only).
    public var baseURL: String { Self.url(servers[0], host: configuration.host) }

    /// `https://host:port` when the platform serves HTTPS.
    public var httpsBaseURL: String? { servers.first { $0.configuration.tls != nil }.map { Self.url($0, host: configuration.host) } }

    /// Every origin served: ``baseURL``, then the HTTPS one when it has a port of its own.
    public var baseURLs: [String] { servers.map { Self.url($0, host: configuration.host) } }

    private static func url(_ server: HTTPServer, host: String) -> String {
        let shown = host == "0.0.0.0" ? "127.0.0.1" : host == "::" ? "::1" : host
        return "\(server.configuration.scheme)://\(shown.contains(":") ? "[\(shown)]" : shown):\(server.port)"
    }

    /// The environment a client uses to reach this platform.
    public var environment: Environment {
        let settings = context.catalog.catalog.settings
        return Environment(baseUrl: baseURL, customer: settings.customer, businessUnit: settings.businessUnit)
    }
}
