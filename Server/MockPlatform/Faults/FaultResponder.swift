import Clocks
import ExposureModels
import Foundation
import HLS
import HTTPServer

/// Applies the first matching fault rule to a request, the way the failure would reach a client
/// in production: an error answer, a late one, none at all, a cut-off body or a slow one, or a
/// real answer changed on its way: corrupted bytes, another content type, a broken or stale
/// media playlist.
struct FaultResponder: HTTPResponder {
    /// Names the applied rule on faulted answers, so a confused test author can see why.
    static let faultHeader = "X-Mock-Fault"

    let next: any HTTPResponder
    let faults: FaultInjector
    /// The platform clock stale playlists are timed on.
    let clock: PlatformClock
    /// The server clock network schedules run on.
    let serverClock: any WakingClock

    func respond(to request: HTTPRequest) -> HTTPResponse {
        guard let claimed = faults.claim(for: request, now: clock.now) else { return next.respond(to: request) }
        let rule = claimed.rule
        var response: HTTPResponse
        if let status = rule.status {
            response = Self.errorResponse(status: status, rule: rule)
        } else if rule.drop == true {
            response = HTTPResponse(status: 503)
        } else if let playlist = rule.playlist {
            response = Self.changed(request, by: playlist, sequence: rule.stream?.sequence, stale: claimed.stale, next: next)
        } else {
            response = next.respond(to: request)
        }
        if rule.corrupt == true { response.body = Self.corrupted(response.body) }
        if let contentType = rule.contentType { response.headers.set("Content-Type", contentType) }
        response.headers.set(Self.faultHeader, rule.id ?? "")
        var inner: HTTPResponse.Delivery.Inner =
            if rule.drop == true { .dropConnection } else if let bytes = rule.truncateAfterBytes {
                .truncated(afterBytes: bytes)
            } else if let rate = rule.bytesPerSecond { .throttled(bytesPerSecond: rate) } else { .immediate }
        var hold = max(.zero, rule.delay ?? .zero)
        if let network = claimed.network {
            let shaped = NetworkTimeline.shaped(bytes: response.body.count, as: inner, under: network.step(at: serverClock.now))
            hold += shaped.hold
            inner = shaped.then
        }
        response.delivery = HTTPResponse.Delivery(after: hold, then: inner)
        return response
    }

    /// The real media playlist, asked for in full (a change to a delta update would miss the
    /// skipped segments), changed by `fault`; a stale rule answers the playlist it froze.
    private static func changed(
        _ request: HTTPRequest, by fault: PlaylistFault, sequence: Int?, stale: StalePlaylists?, next: any HTTPResponder
    ) -> HTTPResponse {
        var full = request
        full.rawQuery = ""
        var response = next.respond(to: full)
        guard response.status == 200 else { return response }
        if let stale {
            response.body = stale.frozen(response.body, for: request.path)
        } else if var playlist = try? HLSParser.parseMedia(response.body), fault.apply(to: &playlist, sequence: sequence) {
            response.body = Data(HLSWriter.bytes(playlist))
        }
        return response
    }

    /// `body` with the first byte of every 188-byte packet flipped: a TS segment loses every
    /// sync byte, which any demuxer notices, while its size stays the same.
    static func corrupted(_ body: Data) -> Data {
        var bytes = body
        for offset in stride(from: 0, to: bytes.count, by: 188) { bytes[bytes.startIndex + offset] ^= 0xFF }
        return bytes
    }

    private static func errorResponse(status: Int, rule: FaultRule) -> HTTPResponse {
        if let body = rule.body {
            let type = body.first == "{" || body.first == "[" ? "application/json" : "text/plain; charset=utf-8"
            return HTTPResponse(status: status, headers: ["Content-Type": type], body: Data(body.utf8))
        }
        return Responses.error(
            ExposureErrorMessage(
                httpCode: status, message: rule.message ?? defaultMessage(for: status),
                extendedMessage: "Injected by mock fault \(rule.id ?? "")."))
    }

    /// The message Exposure sends with a status, so clients map the fault to their usual error.
    private static func defaultMessage(for status: Int) -> String {
        switch status {
        case 400: "INVALID_JSON"
        case 401: "INVALID_SESSION_TOKEN"
        case 403: "FORBIDDEN"
        case 404: "NOT_FOUND"
        case 429: "TOO_MANY_REQUESTS"
        case 502: "BAD_GATEWAY"
        case 503: "SERVICE_UNAVAILABLE"
        case 504: "GATEWAY_TIMEOUT"
        case 500...599: "INTERNAL_ERROR"
        default: "MOCK_FAULT"
        }
    }
}
