/// Something the ``Player`` can ask an entitlement for and play.
public protocol Playable: Sendable {
    /// The asset to entitle: a movie, a channel, a program's asset, an event.
    var assetId: String { get }
}

/// Any asset: VOD, live channel, program or event; the entitlement says which.
public struct AssetPlayable: Playable, Hashable {
    /// The asset.
    public var assetId: String
    /// A playable for `assetId`.
    public init(assetId: String) { self.assetId = assetId }
}

/// A program on a channel (live or catch-up), played through the program's asset.
public struct ProgramPlayable: Playable, Hashable {
    /// The program.
    public var programId: String
    /// Its channel.
    public var channelId: String
    /// The program's asset (`{programId}_asset` on the mock).
    public var assetId: String
    /// A playable for a program; the asset id defaults to Exposure's `{programId}_asset`.
    public init(programId: String, channelId: String, assetId: String? = nil) {
        self.programId = programId
        self.channelId = channelId
        self.assetId = assetId ?? "\(programId)_asset"
    }
}
