import Clocks
import Foundation

/// Programs of one or more channels overlapping a time window: `GET /v1/…/epg/{ids}?from=&to=`.
///
/// Sends `onlyPublished`, `pageNumber` and `pageSize` always, `from`/`to` (epoch ms) once a
/// window is set (without one the server picks its default window), and `sort` once set.
/// `Response` is ``ChannelEpg`` for one channel (``ChannelEpgRequest``) and `[ChannelEpg]` for a list.
public struct EpgWindowRequest<Response: Decodable & Sendable>: ExposureRequest {
    /// The backend to call.
    public let environment: Environment
    /// What carries the call.
    public let transport: any HTTPTransport
    /// The channels, joined with `,` in the path; empty for every channel.
    public let channelIds: [String]

    /// The window's start.
    public private(set) var start: Date?
    /// The window's end.
    public private(set) var end: Date?
    /// The page, from 1.
    public private(set) var pageNumber = 1
    /// Programs per page.
    public private(set) var pageSize = 50
    /// Whether only published programs are listed.
    public private(set) var onlyPublished = true
    /// How a list of channels is ordered: `channelId` or `-channelId`.
    public private(set) var sortKeys: [String] = []

    init(environment: Environment, transport: any HTTPTransport, channelIds: [String]) {
        self.environment = environment
        self.transport = transport
        self.channelIds = channelIds
    }

    /// Programs overlapping `[start, end]`.
    public func filter(starting start: Date, ending end: Date) -> Self {
        refined {
            $0.start = start
            $0.end = end
        }
    }

    /// Whether to list only published programs (the default).
    public func filter(onlyPublished: Bool) -> Self {
        refined { $0.onlyPublished = onlyPublished }
    }

    /// Page `page` (from 1) of `size` programs.
    public func show(page: Int, spanning size: Int) -> Self {
        refined {
            $0.pageNumber = page
            $0.pageSize = size
        }
    }

    /// Orders a list of channels: `["channelId"]`, or `["-channelId"]` for descending.
    public func sort(on keys: [String]) -> Self {
        refined { $0.sortKeys = keys }
    }

    /// The call itself.
    public var endpoint: Endpoint {
        var query = QueryItems()
        query.set("onlyPublished", onlyPublished)
        query.set("pageNumber", pageNumber)
        query.set("pageSize", pageSize)
        query.set("from", start.map(Self.epochMilliseconds))
        query.set("to", end.map(Self.epochMilliseconds))
        query.set("sort", sortKeys.isEmpty ? nil : sortKeys.joined(separator: ","))
        return Endpoint(.get, .v1, path: ["epg", channelIds.joined(separator: ",")], query: query)
    }

    /// Decodes the answer; a list that names one channel is answered with that channel's object.
    public func decode(_ body: Data) throws -> Response { try decodeEpgBody(Response.self, body) }

    private static func epochMilliseconds(_ date: Date) -> Int64 { WallTime(date).millisecondsSince1970 }
}

/// One channel's programs in a time window.
public typealias ChannelEpgRequest = EpgWindowRequest<ChannelEpg>

extension EpgWindowRequest where Response == ChannelEpg {
    /// The channel.
    public var channelId: String { channelIds.first ?? "" }

    /// This channel's programs on one UTC day instead: `GET /v2/…/epg/{channelId}/date/{yyyy-MM-dd}`.
    /// Paging carries over.
    public func filter(date: Date) -> EpgByDateRequest<ChannelEpg> {
        EpgByDateRequest(environment: environment, transport: transport, channelIds: channelIds, date: date)
            .show(page: pageNumber, spanning: pageSize)
    }

    /// One program on this channel: `GET /v2/…/epg/{channelId}/program/{programId}`.
    public func program(id programId: String) -> ExposureCall<Program> {
        ExposureCall(
            environment: environment, transport: transport,
            endpoint: Endpoint(.get, .v2, path: ["epg", channelId, "program", programId]))
    }
}

/// Decodes an EPG answer as `Response`. Exposure answers a list of one channel with that
/// channel's object, which reads as a list of one here.
func decodeEpgBody<Response: Decodable>(_ type: Response.Type, _ body: Data) throws -> Response {
    do {
        return try decodeJSONBody(Response.self, body)
    } catch let error as DecodingError {
        guard let single = try? decodeJSONBody(ChannelEpg.self, body), let list = [single] as? Response else { throw error }
        return list
    }
}
