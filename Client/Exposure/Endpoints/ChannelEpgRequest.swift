import Foundation

/// One channel's programs overlapping a time window: `GET /v1/…/epg/{channelId}?from=&to=`.
///
/// Sends `onlyPublished`, `pageNumber` and `pageSize` always, `from`/`to` (epoch ms) once a
/// window is set; without one the server picks its default window.
public struct ChannelEpgRequest: ExposureRequest {
    /// The response.
    public typealias Response = ChannelEpg

    /// The backend to call.
    public let environment: Environment
    /// What carries the call.
    public let transport: any HTTPTransport
    /// The channel.
    public let channelId: String

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

    init(environment: Environment, transport: any HTTPTransport, channelId: String) {
        self.environment = environment
        self.transport = transport
        self.channelId = channelId
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

    /// This channel's programs on one UTC day instead: `GET /v2/…/epg/{channelId}/date/{yyyy-MM-dd}`.
    /// Paging carries over.
    public func filter(date: Date) -> EpgByDateRequest<ChannelEpg> {
        EpgByDateRequest(environment: environment, transport: transport, channelIds: [channelId], date: date)
            .show(page: pageNumber, spanning: pageSize)
    }

    /// One program on this channel: `GET /v2/…/epg/{channelId}/program/{programId}`.
    public func program(id programId: String) -> ExposureCall<Program> {
        ExposureCall(
            environment: environment, transport: transport,
            endpoint: Endpoint(.get, .v2, path: ["epg", channelId, "program", programId]))
    }

    /// The call itself.
    public var endpoint: Endpoint {
        var query = QueryItems()
        query.set("onlyPublished", onlyPublished)
        query.set("pageNumber", pageNumber)
        query.set("pageSize", pageSize)
        query.set("from", start.map(Self.epochMilliseconds))
        query.set("to", end.map(Self.epochMilliseconds))
        return Endpoint(.get, .v1, path: ["epg", channelId], query: query)
    }

    private static func epochMilliseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
    }
}
