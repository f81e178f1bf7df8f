import ExposureModels
import Foundation
import HTTPServer

/// The web dashboard's static files: `Dashboard/` in the mock's data folder (``BundledFixtures``,
/// beside `docs/`), read on each request so an edited file shows on the next reload. Answers carry
/// an ETag and `Cache-Control: no-cache`: a browser revalidates every time and gets 304 when the
/// file is unchanged. Paths are checked as media paths are (``MediaFileStore``): no `..`, `.`,
/// empty segments or encoded escapes.
struct DashboardFiles {
    /// The page every mount point opens on.
    static let indexFile = "index.html"

    let folder: URL

    /// The dashboard of a data folder: `Dashboard/` in it.
    static func folder(in dataFolder: URL) -> URL {
        dataFolder.appendingPathComponent("Dashboard", isDirectory: true)
    }

    /// The answer to `request` for the file at `relativePath` (percent-decoded): the file, 304
    /// when `If-None-Match` names its ETag, or a 404 Exposure error body.
    func response(for relativePath: String, to request: HTTPRequest) -> HTTPResponse {
        guard let body = MediaFileStore(root: folder).file(at: relativePath) else {
            return Responses.error(
                ExposureErrorMessage(
                    httpCode: 404, message: "NOT_FOUND",
                    extendedMessage: "No dashboard file at \(request.path) (the dashboard is served from \(folder.path))."))
        }
        let tag = Self.entityTag(of: body)
        var headers = HTTPHeaders([("ETag", tag), ("Cache-Control", "no-cache")])
        if Self.matches(request.headers["If-None-Match"], tag) {
            return HTTPResponse(status: 304, headers: headers)
        }
        headers.add("Content-Type", MediaFileStore.contentType(of: relativePath))
        headers.add("X-Content-Type-Options", "nosniff")
        return HTTPResponse(status: 200, headers: headers, body: body)
    }

    /// A strong ETag from the bytes: FNV-1a, 64 bits, in hex and quotes.
    static func entityTag(of body: Data) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in body {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return "\"" + String(hash, radix: 16) + "\""
    }

    /// Whether an `If-None-Match` value (a list of tags, or `*`) names `tag`; weak tags compare
    /// by their opaque part, as RFC 9110 has it for this header.
    static func matches(_ ifNoneMatch: String?, _ tag: String) -> Bool {
        guard let ifNoneMatch else { return false }
        return ifNoneMatch.split(separator: ",").contains { candidate in
            let trimmed = candidate.trimmingCharacters(in: .whitespaces)
            return trimmed == "*" || trimmed == tag || trimmed == "W/" + tag
        }
    }
}
