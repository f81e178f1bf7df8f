import Clocks
import ExposureModels
import Foundation
import HTTPServer
import SQLiteStore

/// The admin API under `/_mock/`: JSON in and out, errors as Exposure error bodies.
/// Documented endpoint by endpoint in docs/admin-api.md.
struct AdminAPI {
    typealias Handler = @Sendable (HTTPRequest, PathParameters) throws(ExposureErrorMessage) -> HTTPResponse

    private(set) var router = Router { request, allowed in PlatformRouter.notFound(request, allowed: allowed, nearMisses: []) }
    /// Every route added, in order, as `GET /_mock/health`: what the index lists.
    private(set) var endpoints: [AdminIndex.Endpoint] = []
    let control: PlatformControl

    /// Every admin route, and the index of them at `/_mock/`.
    static func make(control: PlatformControl) -> Router {
        var api = AdminAPI(control: control)
        api.registerPlatform()
        api.registerClock()
        api.registerFaults()
        api.registerJournal()
        api.registerActivity()
        api.registerCatalog()
        api.registerKeyRequests()
        api.registerOpenAPIDocument()
        api.registerFixtureSchemas()
        api.registerDashboard()
        api.registerSessions()
        api.registerIndex()
        return api.router
    }

    /// Adds a route at `/_mock` + `path`, or at `path` itself when not `prefixed` (the dashboard's `/`).
    mutating func add(_ method: HTTPMethod, _ path: String, prefixed: Bool = true, _ handler: @escaping Handler) {
        let pattern = (prefixed ? ControlPlaneResponder.prefix : "") + path
        endpoints.append(AdminIndex.Endpoint(method: method.rawValue, path: pattern))
        router.add(method, pattern) { request, parameters in
            do throws(ExposureErrorMessage) {
                return try handler(request, parameters)
            } catch {
                return Responses.error(error)
            }
        }
    }

    /// The body decoded as `type`; 400 INVALID_JSON saying what is wrong otherwise.
    static func body<Value: Decodable>(_ type: Value.Type, of request: HTTPRequest) throws(ExposureErrorMessage) -> Value {
        do {
            return try ExposureJSON.decode(type, from: request.body)
        } catch DecodingError.keyNotFound(let key, _) {
            throw .invalidJSON("The key \"\(key.stringValue)\" is required.")
        } catch DecodingError.typeMismatch(_, let context) {
            throw .invalidJSON("Wrong type at \(FixtureLoader.jsonPath(context.codingPath)).")
        } catch {
            throw .invalidJSON("The body is not the JSON object this endpoint takes.")
        }
    }

    /// A query parameter; nil when absent or empty.
    static func parameter(_ request: HTTPRequest, _ name: String) -> String? {
        request.query[name].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// An ISO-8601 query parameter as ms since 1970; nil when absent, 400 when malformed.
    static func instant(_ name: String, in request: HTTPRequest) throws(ExposureErrorMessage) -> WallTime? {
        guard let text = request.query[name], !text.isEmpty else { return nil }
        guard let instant = ISO8601.wallTime(from: text) else {
            throw .invalidParameter(name, "must be an ISO-8601 date-time such as 2026-01-01T12:00:00.000Z")
        }
        return instant
    }
}

extension AdminAPI {
    /// Health, reset, fixture reload.
    mutating func registerPlatform() {
        let control = self.control
        add(.get, "/health") { _, _ throws(ExposureErrorMessage) in
            let catalog = control.context.catalog.catalog
            let stateError = (control.context.state as? SQLiteState)?.lastError
            let activity = control.context.activity.usage
            let held = (control.context.state as? MemoryState)?.counts
            let memory = MemoryUsage(
                analyticsEvents: activity.events, beacons: activity.beacons, journal: control.journal.usage,
                sessions: held?.sessions, playSessions: held?.playSessions)
            return Responses.json(
                HealthReport(
                    status: stateError == nil ? "ok" : "degraded", version: ProductVersion.number, commit: ProductVersion.commit,
                    now: ISO8601.string(from: control.context.clock.now),
                    fixtures: control.fixturesDirectory.path, assets: catalog.assets.count, channels: catalog.channels.count,
                    users: catalog.users.count, faults: control.faults.list().count,
                    journaled: memory.journal.kept, schemes: control.schemes, stateError: stateError?.description, memory: memory))
        }

        add(.post, "/reset") { _, _ throws(ExposureErrorMessage) in
            control.reset()
            return Responses.noContent()
        }

        add(.post, "/fixtures/reload") { request, _ throws(ExposureErrorMessage) in
            let body = request.body.isEmpty ? FixtureReloadRequest() : try Self.body(FixtureReloadRequest.self, of: request)
            do throws(FixtureProblems) {
                let catalog = try control.reloadFixtures(from: body.directory.map { URL(fileURLWithPath: $0) })
                return Responses.json(
                    FixtureReloadReport(
                        directory: control.fixturesDirectory.path, assets: catalog.assets.count, channels: catalog.channels.count,
                        users: catalog.users.count))
            } catch {
                return Responses.json(FixtureReport(error), status: 422)
            }
        }
    }

    /// Read and move the platform clock.
    mutating func registerClock() {
        let clock = control.context.clock
        add(.get, "/clock") { _, _ throws(ExposureErrorMessage) in Responses.json(Self.reading(clock)) }

        add(.put, "/clock") { request, _ throws(ExposureErrorMessage) in
            let update = try Self.body(ClockUpdate.self, of: request)
            if let rate = update.rate, !PlatformClock.rates.contains(rate) {
                throw .invalidParameter(
                    "rate", "must be a number from 0 (frozen) to \(Int(PlatformClock.rates.upperBound)) times real time, not \(rate)")
            }
            switch (update.offset, update.now) {
            case (.some, .some):
                throw .invalidJSON("Send offsetMs or now, not both.")
            case (let offset?, nil):
                guard let instant = clock.realTime(plus: offset) else {
                    throw .invalidParameter(
                        "offsetMs",
                        "must move the clock to an instant from 1970-01-01T00:00:00.000Z to 9999-12-31T23:59:59.999Z, \(offset.wholeMilliseconds) does not"
                    )
                }
                clock.set(now: instant, rate: update.rate)
            case (nil, let now?):
                guard let instant = ISO8601.wallTime(from: now) else {
                    throw .invalidParameter("now", "must be an ISO-8601 date-time such as 2026-01-01T12:00:00.000Z")
                }
                guard platformInstants.contains(instant) else {
                    throw .invalidParameter("now", "must be from 1970-01-01T00:00:00.000Z to 9999-12-31T23:59:59.999Z, not \(now)")
                }
                clock.set(now: instant, rate: update.rate)
            case (nil, nil):
                guard let rate = update.rate else { throw .invalidJSON("Send offsetMs, now or rate.") }
                clock.set(rate: rate)
            }
            return Responses.json(Self.reading(clock))
        }
    }

    static func reading(_ clock: PlatformClock) -> ClockState {
        ClockState(now: ISO8601.string(from: clock.now), offset: clock.offset(), rate: clock.rate())
    }
}
