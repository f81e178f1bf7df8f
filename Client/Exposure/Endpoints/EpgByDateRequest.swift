import Clocks
import Foundation

/// Programs of one or more channels on a UTC day: `GET /v2/…/epg/{ids}/date/{yyyy-MM-dd}`.
///
/// `Response` is ``ChannelEpg`` for one channel and `[ChannelEpg]` for several; the builders in
/// ``FetchEpg`` and ``ChannelEpgRequest`` pick the right one.
public struct EpgByDateRequest<Response: Decodable & Sendable>: ExposureRequest {
    /// The backend to call.
    public let environment: Environment
    /// What carries the call.
    public let transport: any HTTPTransport
    /// The channels, joined with `,` in the path.
    public let channelIds: [String]

    /// The day; only its UTC calendar date is sent.
    public private(set) var date: Date
    /// The page, from 1.
    public private(set) var pageNumber = 1
    /// Programs per page.
    public private(set) var pageSize = 50
    /// Extra days before `date` to include.
    public private(set) var daysBackward: Int?
    /// Extra days after `date` to include.
    public private(set) var daysForward: Int?

    init(environment: Environment, transport: any HTTPTransport, channelIds: [String], date: Date) {
        self.environment = environment
        self.transport = transport
        self.channelIds = channelIds
        self.date = date
    }

    /// Another day.
    public func filter(date: Date) -> Self {
        refined { $0.date = date }
    }

    /// Widens the range to `backward` days before and `forward` days after the date.
    public func days(backward: Int? = nil, forward: Int? = nil) -> Self {
        refined {
            $0.daysBackward = backward
            $0.daysForward = forward
        }
    }

    /// Page `page` (from 1) of `size` programs.
    public func show(page: Int, spanning size: Int) -> Self {
        refined {
            $0.pageNumber = page
            $0.pageSize = size
        }
    }

    /// Decodes the answer; a list that names one channel is answered with that channel's object.
    public func decode(_ body: Data) throws -> Response { try decodeEpgBody(Response.self, body) }

    /// The call itself.
    public var endpoint: Endpoint {
        var query = QueryItems()
        query.set("pageNumber", pageNumber)
        query.set("pageSize", pageSize)
        query.set("daysBackward", daysBackward)
        query.set("daysForward", daysForward)
        let day = String(ISO8601.string(from: date).prefix(10))
        return Endpoint(.get, .v2, path: ["epg", channelIds.joined(separator: ","), "date", day], query: query)
    }
}
