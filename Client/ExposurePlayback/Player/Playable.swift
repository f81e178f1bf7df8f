import Exposure
import Foundation

/// Something the ``Player`` can ask an entitlement for and play.
public protocol Playable: Sendable {
    /// What the app names the playable by: an asset, a channel, or (for ``ProgramPlayable``) a program.
    var assetId: String { get }

    /// The asset whose entitlement to ask for; the default is ``assetId``.
    func entitledAssetId(epg: FetchEpg) async throws(ExposureError) -> String
}

extension Playable {
    public func entitledAssetId(epg: FetchEpg) async throws(ExposureError) -> String { assetId }
}

/// Any asset: VOD, live channel, program or event; the entitlement says which.
public struct AssetPlayable: Playable, Hashable {
    /// The asset.
    public var assetId: String
    /// What the app knows the asset to be (informational: the entitlement decides).
    public var assetType: AssetType?

    /// A playable for `assetId`.
    public init(assetId: String, assetType: AssetType? = nil) {
        self.assetId = assetId
        self.assetType = assetType
    }
}

/// A live channel (the official SDK's deprecated form of ``AssetPlayable``).
public struct ChannelPlayable: Playable, Hashable {
    /// The channel's asset.
    public var assetId: String

    /// A playable for channel `assetId`.
    public init(assetId: String) { self.assetId = assetId }
}

/// A program on a channel (live or catch-up), played through the program's asset.
///
/// As in the official SDK, `assetId` is the *program* id; the asset to entitle is looked up
/// through the EPG (`program.asset.assetId`) unless given.
public struct ProgramPlayable: Playable, Hashable {
    /// The program.
    public var assetId: String
    /// Its channel.
    public var channelId: String
    /// The program's asset when the app knows it; else found in the EPG.
    public var programAssetId: String?

    /// A playable for program `assetId` on `channelId` (the official SDK's form).
    public init(assetId: String, channelId: String) {
        self.assetId = assetId
        self.channelId = channelId
    }

    /// A playable for a program, with its asset when known.
    public init(programId: String, channelId: String, assetId: String? = nil) {
        self.assetId = programId
        self.channelId = channelId
        programAssetId = assetId
    }

    /// The program id.
    public var programId: String { assetId }

    /// The known asset, else `GET …/epg/{channelId}/program/{programId}`'s `asset.assetId`.
    public func entitledAssetId(epg: FetchEpg) async throws(ExposureError) -> String {
        if let programAssetId { return programAssetId }
        let program = try await epg.channel(id: channelId).program(id: assetId).request()
        return program.asset?.assetId ?? program.assetId
    }
}

/// A bare HLS stream, played without Exposure: no entitlement request, so no contract
/// restrictions, EPG, ads or bookmarks — only the stream.
public struct URLPlayable: Playable, Hashable {
    /// The master (or media) playlist.
    public let url: URL

    /// A playable for the stream at `url`.
    public init(url: URL) { self.url = url }

    /// The URL, standing in for an asset id.
    public var assetId: String { url.absoluteString }

    /// What playback runs under instead of an entitlement: the stream as HLS and nothing else.
    var standInEntitlement: PlaybackEntitlement {
        PlaybackEntitlement(
            playSessionId: "", playTokenExpiration: 0, productId: "",
            formats: [MediaFormat(format: "HLS", mediaLocator: url.absoluteString)])
    }
}
