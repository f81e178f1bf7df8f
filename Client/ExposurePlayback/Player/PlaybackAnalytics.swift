import Clocks
import Exposure
import ExposureAnalytics
import Foundation
import Synchronization

/// Reports one playback to the EventSink: the player's events under the names and fields the
/// official SDK sends, the playhead as `OffsetTime`. The reporter numbers, batches, retries and
/// adds heartbeats; this only translates.
final class PlaybackAnalytics: Sendable {
    let reporter: PlaySessionReporter
    let source: PlaybackSource
    let autoplay: Bool
    /// A download played from disk: `PlayMode` offline and no handshake, as the official SDK reports it.
    let offline: Bool
    /// The ad playing now, for its AdCompleted.
    private let currentAdId = Mutex<String?>(nil)
    /// Whether Created went out: a playback that ends before it was created (stopped while the
    /// entitlement came back) still reports Created first, then how it ended.
    private let created = Mutex(false)

    private init(reporter: PlaySessionReporter, source: PlaybackSource, autoplay: Bool, offline: Bool) {
        self.reporter = reporter
        self.source = source
        self.autoplay = autoplay
        self.offline = offline
    }

    /// Starts a reporter for a playback that was just entitled; nil when analytics are off for
    /// it (the app's `enableAnalytics`, the entitlement's `percentage`). A download's playback is
    /// recorded under `{playSessionId}_{n}` and sent once the device is online.
    static func begin(source: PlaybackSource, core: PlaybackCore, request: PlaybackRequest) async -> PlaybackAnalytics? {
        guard request.enableAnalytics else { return nil }
        let entitlement = source.entitlement
        let reporter: PlaySessionReporter? =
            if request.isOffline {
                core.analytics.beginOfflineSession(
                    playSessionId: entitlement.playSessionId, environment: core.environment, sessionToken: core.sessionToken,
                    settings: entitlement.analytics)
            } else {
                await core.analytics.beginSession(
                    playSessionId: entitlement.playSessionId, environment: core.environment, sessionToken: core.sessionToken,
                    settings: entitlement.analytics, cdnVendor: entitlement.cdn?.provider)
            }
        guard let reporter else { return nil }
        return PlaybackAnalytics(reporter: reporter, source: source, autoplay: request.properties.autoplay, offline: request.isOffline)
    }

    /// Records what `event` means to analytics, if anything.
    func report(_ event: PlayerEvent, status: TechStatus) {
        let offset = status.playhead
        switch event {
        case .playbackCreated, .playbackCompleted, .playbackAborted, .error:
            let first = created.withLock { created in
                defer { created = true }
                return !created
            }
            if first {
                reporter.record(.created(autoPlay: autoplay, playMode: playMode, target: target))
                if !offline { reporter.record(.handshakeStarted(target: target)) }
            }
        default: break
        }
        switch event {
        case .playbackCreated: break
        case .playbackReady: reporter.record(.playerReady, offset: offset)
        case .playbackStarted:
            reporter.record(
                .started(
                    mediaLocator: source.mediaLocator, videoLengthMs: status.duration?.wholeMilliseconds ?? source.entitlement.durationInMs,
                    bitrateKbps: status.bitrate.map { $0 / 1000 }), offset: offset)
        case .playbackPaused: reporter.record(.paused, offset: offset)
        case .playbackResumed: reporter.record(.resumed, offset: offset)
        case .playbackScrubbed(let position): reporter.record(.scrubbedTo, offset: .milliseconds(position))
        case .bufferingStarted: reporter.record(.bufferingStarted, offset: offset)
        case .bufferingStopped: reporter.record(.bufferingEnded, offset: offset)
        case .bitrateChanged(let bitrate): reporter.record(.bitrateChanged(bitrateKbps: bitrate / 1000), offset: offset)
        case .programChanged(let program?):
            let length = (program.endTime.map(msSince1970) ?? 0) - (program.startTime.map(msSince1970) ?? 0)
            reporter.record(
                .programChanged(
                    programId: program.programId, programAssetId: program.assetId,
                    videoLengthMs: length > 0 ? length : nil), offset: offset)
        case .willPresentInterstitial(let ad):
            let id = adId(ad.adIndex)
            currentAdId.withLock { $0 = id }
            reporter.record(.adStarted(adMediaId: id), offset: offset)
        case .didPresentInterstitial:
            if let id = currentAdId.withLock({ current in
                defer { current = nil }
                return current
            }) {
                reporter.record(.adCompleted(adMediaId: id), offset: offset)
            }
        case .error(let error):
            let code = if case .exposure(let failure) = error { failure.status ?? 0 } else { 0 }
            reporter.record(.error(message: error.message, code: code, info: error.description, details: nil), offset: offset)
        case .playbackCompleted: reporter.record(.completed, offset: offset)
        case .playbackAborted: reporter.record(.aborted, offset: offset)
        default: break
        }
    }

    private var playMode: PlaybackAnalyticsEvent.PlayMode {
        if offline { return .offline }
        return switch source.streamKind {
        case .vod, .catchup: .vod
        case .liveChannel, .liveProgram, .liveEvent: .live
        }
    }

    private var target: PlaybackAnalyticsEvent.Target {
        switch source.streamKind {
        case .liveChannel, .liveProgram:
            .channel(id: source.entitlement.streamInfo?.channelId ?? source.assetId, programId: source.entitlement.streamInfo?.programId)
        case .vod, .catchup, .liveEvent: .asset(id: source.assetId)
        }
    }

    private func adId(_ index: Int) -> String {
        let clips = source.entitlement.ads?.clips ?? []
        return clips.indices.contains(index) ? clips[index].titleId ?? "\(index)" : "\(index)"
    }
}

private func msSince1970(_ date: Date) -> Int64 { WallTime(date).millisecondsSince1970 }
