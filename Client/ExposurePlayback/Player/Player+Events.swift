import Exposure

/// The seed's chainable event closures; each adds a listener (any number per event).
extension Player {
    /// A handler of an event with no value.
    public typealias EventHandler = @Sendable (Player, PlaybackSource?) -> Void

    /// The media source exists; playback is not ready yet.
    @discardableResult
    public func onPlaybackCreated(_ handler: @escaping EventHandler) -> Player {
        listen { player, source, event in if case .playbackCreated = event { handler(player, source) } }
    }

    /// Playlists are loaded; playback is not ready yet.
    @discardableResult
    public func onPlaybackPrepared(_ handler: @escaping EventHandler) -> Player {
        listen { player, source, event in if case .playbackPrepared = event { handler(player, source) } }
    }

    /// Playback can start (autoplay starts it).
    @discardableResult
    public func onPlaybackReady(_ handler: @escaping EventHandler) -> Player {
        listen { player, source, event in if case .playbackReady = event { handler(player, source) } }
    }

    /// Playback started for the first time; once per playback.
    @discardableResult
    public func onPlaybackStarted(_ handler: @escaping EventHandler) -> Player {
        listen { player, source, event in if case .playbackStarted = event { handler(player, source) } }
    }

    /// Playback paused.
    @discardableResult
    public func onPlaybackPaused(_ handler: @escaping EventHandler) -> Player {
        listen { player, source, event in if case .playbackPaused = event { handler(player, source) } }
    }

    /// Playback resumed from a pause.
    @discardableResult
    public func onPlaybackResumed(_ handler: @escaping EventHandler) -> Player {
        listen { player, source, event in if case .playbackResumed = event { handler(player, source) } }
    }

    /// `stop()` ended playback.
    @discardableResult
    public func onPlaybackAborted(_ handler: @escaping EventHandler) -> Player {
        listen { player, source, event in if case .playbackAborted = event { handler(player, source) } }
    }

    /// Playback reached the end of the media.
    @discardableResult
    public func onPlaybackCompleted(_ handler: @escaping EventHandler) -> Player {
        listen { player, source, event in if case .playbackCompleted = event { handler(player, source) } }
    }

    /// The buffer cannot keep up with playback.
    @discardableResult
    public func onBufferingStarted(_ handler: @escaping EventHandler) -> Player {
        listen { player, source, event in if case .bufferingStarted = event { handler(player, source) } }
    }

    /// Buffering is no longer needed.
    @discardableResult
    public func onBufferingStopped(_ handler: @escaping EventHandler) -> Player {
        listen { player, source, event in if case .bufferingStopped = event { handler(player, source) } }
    }

    /// The program at the playhead changed.
    @discardableResult
    public func onProgramChanged(_ handler: @escaping @Sendable (Player, PlaybackSource?, Program?) -> Void) -> Player {
        listen { player, source, event in if case .programChanged(let program) = event { handler(player, source, program) } }
    }

    /// A new entitlement arrived; its source always exists (the seed reads `source.sprites`).
    @discardableResult
    public func onEntitlementResponse(_ handler: @escaping @Sendable (Player, PlaybackSource, PlaybackEntitlement) -> Void) -> Player {
        listen { player, source, event in
            if case .entitlementResponse(let entitlement) = event, let source { handler(player, source, entitlement) }
        }
    }

    /// The playing bitrate (bits/s) changed.
    @discardableResult
    public func onBitrateChanged(_ handler: @escaping @Sendable (Player, PlaybackSource?, Int) -> Void) -> Player {
        listen { player, source, event in if case .bitrateChanged(let bitrate) = event { handler(player, source, bitrate) } }
    }

    /// A seek landed at this position (ms).
    @discardableResult
    public func onPlaybackScrubbed(_ handler: @escaping @Sendable (Player, PlaybackSource?, Int64) -> Void) -> Player {
        listen { player, source, event in if case .playbackScrubbed(let position) = event { handler(player, source, position) } }
    }

    /// A warning: playback continues, or a command was refused.
    @discardableResult
    public func onWarning(_ handler: @escaping @Sendable (Player, PlaybackSource?, PlayerWarning) -> Void) -> Player {
        listen { player, source, event in if case .warning(let warning) = event { handler(player, source, warning) } }
    }

    /// Playback stopped with an error.
    @discardableResult
    public func onError(_ handler: @escaping @Sendable (Player, PlaybackSource?, PlayerError) -> Void) -> Player {
        listen { player, source, event in if case .error(let error) = event { handler(player, source, error) } }
    }

    /// The duration changed (read it from ``duration``).
    @discardableResult
    public func onDurationChanged(_ handler: @escaping EventHandler) -> Player {
        listen { player, source, event in if case .durationChanged = event { handler(player, source) } }
    }

    /// The EXT-X-DATERANGE metadata at the playhead changed.
    @discardableResult
    public func onDateRangeMetadataChanged(_ handler: @escaping @Sendable ([DateRangeMetadata]) -> Void) -> Player {
        listen { _, _, event in if case .dateRangeMetadataChanged(let groups) = event { handler(groups) } }
    }

    /// Audio or video, on every new entitlement.
    @discardableResult
    public func onMediaType(_ handler: @escaping @Sendable (MediaType) -> Void) -> Player {
        listen { _, _, event in if case .mediaType(let type) = event { handler(type) } }
    }

    /// Every event, for code that wants one switch rather than many closures.
    @discardableResult
    public func onEvent(_ handler: @escaping @Sendable (Player, PlaybackSource?, PlayerEvent) -> Void) -> Player {
        listen(handler)
    }

    func listen(_ listener: @escaping @Sendable (Player, PlaybackSource?, PlayerEvent) -> Void) -> Player {
        hub.add(listener)
        return self
    }
}
