import ExposureModels
import Foundation
import HTTPServer

/// Assembles every route family into one router.
enum PlatformRouter {
    static func make(context: PlatformContext) -> Router {
        let router = Router(fallback: notFound)
        var api = ExposureAPI(router: router, platform: context)
        api.registerAuth()
        api.registerContent()
        api.registerPlayHistory()
        api.registerEPG()
        api.registerEntitlement()
        api.registerDownloads()
        api.registerStreams()
        api.registerMediaFiles()
        api.registerEventSink()
        api.registerAdBeacons()
        return api.router
    }

    /// 404 for unknown paths, 405 (with `Allow`) for known paths asked with another method.
    @Sendable static func notFound(_ request: HTTPRequest, allowed: [HTTPMethod]) -> HTTPResponse {
        if allowed.isEmpty {
            return Responses.error(
                ExposureErrorMessage(
                    httpCode: 404, message: "NOT_FOUND",
                    extendedMessage: "No endpoint at \(request.path)."))
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
        PlatformRouter.make(context: context).registeredRoutes + AdminAPI.make(control: control).registeredRoutes
    }
}
