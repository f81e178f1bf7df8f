import ExposureModels
import HTTPServer

/// The Exposure API routes, registered on a router under `/{version}/customer/{cu}/businessunit/{bu}`.
struct ExposureAPI {
    typealias Handler = @Sendable (RequestContext) throws(ExposureErrorMessage) -> HTTPResponse

    private(set) var router: Router
    let platform: PlatformContext

    /// Registers `handler` for `method` on `suffix` under each of `versions`. The handler runs
    /// only for the fixtures' customer and business unit (404 UNKNOWN_BUSINESS_UNIT otherwise).
    mutating func add(_ method: HTTPMethod, _ versions: [Environment.APIVersion], _ suffix: String, _ handler: @escaping Handler) {
        let platform = self.platform
        for version in versions {
            router.add(method, "/\(version.rawValue)/customer/{customer}/businessunit/{businessUnit}\(suffix)") { request, parameters in
                let loaded = platform.catalog
                let settings = loaded.catalog.settings
                guard parameters["customer"] == settings.customer, parameters["businessUnit"] == settings.businessUnit else {
                    return Responses.error(
                        ExposureErrorMessage(
                            httpCode: 404, message: ExposureErrorMessage.unknownBusinessUnit.message,
                            extendedMessage:
                                "This platform serves customer \(settings.customer), business unit \(settings.businessUnit); "
                                + "the request named customer \(parameters["customer"] ?? ""), business unit \(parameters["businessUnit"] ?? "")."
                        ))
                }
                let context = RequestContext(
                    request: request, parameters: parameters, platform: platform, loaded: loaded, now: platform.clock.now)
                do throws(ExposureErrorMessage) {
                    return try handler(context)
                } catch {
                    return Responses.error(error)
                }
            }
        }
    }

    /// Registers a route outside the versioned API (e.g. EventSink, streams) that still answers
    /// thrown errors with Exposure bodies.
    mutating func addUnversioned(_ method: HTTPMethod, _ path: String, _ handler: @escaping Handler) {
        let platform = self.platform
        router.add(method, path) { request, parameters in
            let context = RequestContext(
                request: request, parameters: parameters, platform: platform, loaded: platform.catalog, now: platform.clock.now)
            do throws(ExposureErrorMessage) {
                return try handler(context)
            } catch {
                return Responses.error(error)
            }
        }
    }
}
