import ExposureModels
import Foundation
import HTTPServer

/// The key server: `GET /keys/{keyId}?token=…`, the URI of encrypted streams' `EXT-X-KEY` tags.
extension ExposureAPI {
    mutating func registerKeys() {
        addUnversioned(.get, "/keys/{keyId}") { context throws(ExposureErrorMessage) in
            let key = try KeyServer(loaded: context.loaded, now: context.now).key(context.path("keyId"), token: context.query["token"])
            // A key answers one token: no cache may keep it for another.
            return HTTPResponse(
                status: 200, headers: HTTPHeaders([("Content-Type", "application/octet-stream"), ("Cache-Control", "no-store")]),
                body: Data(key))
        }
    }
}
