import Clocks
import ExposureModels
import Foundation
import HTTPServer

/// Assembles every route family into one router.
enum PlatformRouter {
    /// The router; a request it cannot take is answered 404 (405 for another method) naming the
    /// nearest routes, and recorded in `unmatched`.
    static func make(context: PlatformContext, unmatched: UnmatchedRequests) -> Router {
        var router = register(Router { _, _ in HTTPResponse(status: 404) }, context: context)
        let finder = NearMissFinder(routes: router.registeredRoutes)
        router.fallback = { request, allowed in
            let nearMisses = finder.nearest(method: request.method, path: request.path)
            let response = notFound(request, allowed: allowed, nearMisses: nearMisses)
            unmatched.record(
                UnmatchedRequest(
                    timestamp: ISO8601.string(from: context.clock.now), method: request.method.rawValue,
                    path: request.path, status: response.status, nearMisses: nearMisses))
            return response
        }
        return router
    }

    private static func register(_ router: Router, context: PlatformContext) -> Router {
        var api = ExposureAPI(router: router, platform: context)
        api.registerAuth()
        api.registerContent()
        api.registerSearch()
        api.registerEvents()
        api.registerPlayHistory()
        api.registerEPG()
        api.registerEntitlement()
        api.registerDownloads()
        api.registerStreams()
        api.registerMediaFiles()
        api.registerKeys()
        api.registerEventSink()
        api.registerAdBeacons()
        return api.router
    }

    /// 404 for unknown paths, naming the nearest routes and what differs; 405 (with `Allow`) for
    /// known paths asked with another method.
    static func notFound(_ request: HTTPRequest, allowed: [HTTPMethod], nearMisses: [NearMiss]) -> HTTPResponse {
        if allowed.isEmpty {
            let nearest = nearMisses.map { "\($0.route) (\($0.differences.joined(separator: ", ")))" }
            return Responses.error(
                ExposureErrorMessage(
                    httpCode: 404, message: "NOT_FOUND",
                    extendedMessage: "No endpoint at \(request.path)."
                        + (nearest.isEmpty ? "" : " Nearest: \(nearest.joined(separator: "; ")).")))
        }
        var response = Responses.error(
            ExposureErrorMessage(
                httpCode: 405, message: "METHOD_NOT_ALLOWED",
                extendedMessage: "\(request.method) is not allowed here; use \(allowed.map(\.rawValue).joined(separator: ", "))."))
        response.headers.set("Allow", allowed.map(\.rawValue).joined(separator: ", "))
        return response
    }
}

extension MockPlatform {
    /// Method and pattern of every route the platform serves, the admin API's included, in
    /// registration order: what docs/openapi.json describes.
    package var routeTable: [Router.RegisteredRoute] {
        PlatformRouter.make(context: context, unmatched: control.unmatched).registeredRoutes
            + AdminAPI.make(control: control).registeredRoutes
    }
}
