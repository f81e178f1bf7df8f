import Exposure
import Synchronization

/// The official SDK's ad and timed-metadata callbacks, fed by the playback's ad tracker and
/// metadata tracker; each adds a listener and returns the player.
extension Player {
    /// The playback has server-side ads: its source and the entitlement's `ads`, right after the entitlement.
    @discardableResult
    public func onServerSideAd(callback: @escaping @Sendable (PlaybackSource, Ads?) -> Void) -> Player {
        listen { _, source, event in if case .serverSideAd(let ads) = event, let source { callback(source, ads) } }
    }

    /// An ad clip starts: its start and end positions, ms.
    @discardableResult
    public func onClipStarted(callback: @escaping @Sendable (Int64, Int64) -> Void) -> Player {
        listen { _, _, event in if case .clipStarted(let start, let end) = event { callback(start, end) } }
    }

    /// An ad clip ended: its start and end positions, ms.
    @discardableResult
    public func onClipEnded(callback: @escaping @Sendable (Int64, Int64) -> Void) -> Player {
        listen { _, _, event in if case .clipEnded(let start, let end) = event { callback(start, end) } }
    }

    /// ``onClipEnded(callback:)`` as the official SDK spells it.
    @discardableResult
    public func oncClipEnded(callback: @escaping @Sendable (Int64, Int64) -> Void) -> Player {
        onClipEnded(callback: callback)
    }

    /// The timed metadata at the playhead changed, where the official SDK hands `AVMetadataItem`s:
    /// the EXT-X-DATERANGE ranges active there (filtered by `metadataIdentifiers`), or the frames
    /// of an ID3 tag in the segments (`PRIV`, `TXXX`) the playhead just reached.
    @discardableResult
    public func onTimedMetadataChanged(callback: @escaping @Sendable (Player, PlaybackSource?, [TimedMetadata]?) -> Void) -> Player {
        listen { player, source, event in
            switch event {
            case .dateRangeMetadataChanged(let ranges): callback(player, source, ranges.map(TimedMetadata.dateRange))
            case .timedID3Metadata(let frames): callback(player, source, frames.map(TimedMetadata.id3))
            default: break
            }
        }
    }

    /// Asked once per playback, when its entitlement arrives, for an ``AdService`` to tell what
    /// the playback does; nil keeps none.
    @discardableResult
    public func onAdServiceRequested(callback: @escaping @Sendable (Player, PlaybackSource) -> (any AdService)?) -> Player {
        let service = Mutex<(any AdService)?>(nil)
        return listen { player, source, event in
            if case .entitlementResponse = event {
                let requested = source.flatMap { callback(player, $0) }
                service.withLock { $0 = requested }
            }
            if let current = service.withLock({ $0 }) { event.tell(current) }
        }
    }
}
