/// The entitlement requests as iOSClientExposure names them (see ``EntitlementPlayRequest``).
extension Entitlement {
    /// A VOD asset's entitlement.
    public func vod(assetId: String) -> EntitlementPlayRequest { request(.asset(assetId: assetId)) }

    /// A channel's entitlement, to play from its live edge.
    public func live(channelId: String) -> EntitlementPlayRequest { request(.channel(channelId: channelId)) }

    /// A program's entitlement (live or catch-up).
    public func program(programId: String, channelId: String) -> EntitlementPlayRequest {
        request(.program(programId: programId, channelId: channelId))
    }

    /// A download's entitlement; 403 `DOWNLOAD_LIMIT_REACHED` at the limit. The make and model
    /// default to this device's.
    public func download(assetId: String, deviceMake: String? = nil, deviceModel: String? = nil) -> EntitlementPlayRequest {
        let device = DeviceInfo.current
        return request(
            .download(assetId: assetId, deviceMake: deviceMake ?? device.manufacturer, deviceModel: deviceModel ?? device.model))
    }

    private func request(_ target: EntitlementPlayRequest.Target) -> EntitlementPlayRequest {
        EntitlementPlayRequest(environment: environment, sessionToken: sessionToken, transport: transport, target: target)
    }
}
