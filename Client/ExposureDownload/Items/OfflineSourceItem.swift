import Exposure
import Foundation

/// What the player needs to play a downloaded item: the package's local master playlist and the
/// download entitlement it was fetched with (``OfflineManager/createOfflineSourceItem(for:restrictedToAssetCache:)``).
public struct OfflineSourceItem: Sendable, Equatable {
    /// The item.
    public var sourceItem: SourceItem
    /// The package's local master playlist (a `file:` URL).
    public var url: URL
    /// The download entitlement (stream details, restrictions).
    public var entitlement: PlaybackEntitlement
    /// When true the player must use only the files stored offline (there is no network).
    public var restrictedToAssetCache: Bool
}
