import Foundation

/// The electronic programme guide: programs per channel, single programs, and their neighbours.
///
///     let epg = try await FetchEpg(environment: env)
///         .channel(id: "news")
///         .show(page: 1, spanning: 100)
///         .filter(starting: now.addingTimeInterval(-86_400), ending: now.addingTimeInterval(86_400))
///         .request()
public struct FetchEpg: Sendable {
    /// The backend to call.
    public let environment: Environment
    /// What carries the calls.
    public let transport: any HTTPTransport

    /// EPG calls against `environment`.
    public init(environment: Environment, transport: any HTTPTransport = AutomaticTransport.shared) {
        self.environment = environment
        self.transport = transport
    }

    /// One channel's programs (`GET /v1/…/epg/{channelId}`), to refine by time window or day.
    public func channel(id channelId: String) -> ChannelEpgRequest {
        ChannelEpgRequest(environment: environment, transport: transport, channelIds: [channelId])
    }

    /// Several channels' programs (`GET /v1/…/epg/{a,b,…}`), to refine by time window, order and page.
    public func channels(ids channelIds: [String]) -> EpgWindowRequest<[ChannelEpg]> {
        EpgWindowRequest(environment: environment, transport: transport, channelIds: channelIds)
    }

    /// Every channel's programs (`GET /v1/…/epg/`), to refine by time window, order and page.
    public func channels() -> EpgWindowRequest<[ChannelEpg]> {
        channels(ids: [])
    }

    /// One program on a channel: `GET /v2/…/epg/{channelId}/program/{programId}`.
    public func channel(id channelId: String, programId: String) -> ExposureCall<Program> {
        channel(id: channelId).program(id: programId)
    }

    /// Several channels' programs on one UTC day: `GET /v2/…/epg/{a,b,…}/date/{yyyy-MM-dd}`.
    public func channels(ids channelIds: [String], on date: Date) -> EpgByDateRequest<[ChannelEpg]> {
        EpgByDateRequest(environment: environment, transport: transport, channelIds: channelIds, date: date)
    }

    /// The program after `programId` on its channel: `GET /v2/…/epg/program/{programId}/next`.
    public func next(programId: String) -> ExposureCall<Program> {
        neighbour(of: programId, direction: "next")
    }

    /// The program before `programId` on its channel: `GET /v2/…/epg/program/{programId}/previous`.
    public func previous(programId: String) -> ExposureCall<Program> {
        neighbour(of: programId, direction: "previous")
    }

    private func neighbour(of programId: String, direction: String) -> ExposureCall<Program> {
        ExposureCall(
            environment: environment, transport: transport,
            endpoint: Endpoint(.get, .v2, path: ["epg", "program", programId, direction]))
    }
}
