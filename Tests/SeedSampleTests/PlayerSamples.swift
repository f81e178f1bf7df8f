// swift-format-ignore-file
// (the seed's samples stay as the seed writes them)
import Exposure
import ExposurePlayback
import Foundation

/// The seed's Player samples (Creation, Event Listeners, Starting the Playback, Audio only,
/// Custom Playback Properties, Playback Progress, Contract Restrictions, Adobe primetime, SSAI
/// and Sprites), each as written there inside a function of the app.
extension SampleApp {
    /// "Creation": the three initialisers (the view set-up around them is UIKit's).
    func creationSample() -> [Player] {
        var player = Player(environment: environment, sessionToken: sessionToken)
        var players = [player]

        /// This will configure the player with the `SessionToken` acquired in the specified `Environment` & sends analytics events to a custom endpoint
        player = Player(environment: environment, sessionToken: sessionToken, analyticsBaseUrl: "analyticsBaseUrl")
        players.append(player)

        /// This will configure the player with the `SessionToken` acquired in the specified `Environment` & sends appName to the analytics
        player = Player(environment: environment, sessionToken: sessionToken, appName: "App Name", appVersion: "App Version")
        players.append(player)
        return players
    }

    /// "Event Listeners": preparation, playback and status events.
    func eventListenerSamples() {
        player
            .onPlaybackCreated{ player, source in
                // Fires once the associated MediaSource has been created.
                // Playback is not ready to start at this point.
                self.note("created")
            }
            .onPlaybackPrepared{ player, source in
                // Published when the associated MediaSource completed asynchronous loading of relevant properties.
                // Playback is not ready to start at this point.
                self.note("prepared")
            }
            .onPlaybackReady{ player, source in
                // When this event fires starting playback is possible (playback can optionally be set to autoplay instead)
                player.play()
            }

        player
            .onPlaybackStarted{ player, source in
                // Published once the playback starts for the first time.
                // This is a one-time event.
                self.note("started")
            }
            .onPlaybackPaused{ [weak self] player, source in
                // Fires when the playback pauses for some reason
                self?.pausePlayButton.toggle(paused: true)
            }
            .onPlaybackResumed{ [weak self] player, source in
                // Fires when the playback resumes from a paused state
                self?.pausePlayButton.toggle(paused: false)
            }
            .onPlaybackAborted{ player, source in
                // Published once the player.stop() method is called.
                // This is considered a user action
                self.note("aborted")
            }
            .onPlaybackCompleted{ player, source in
                // Published when playback reached the end of the current media.
                self.note("completed")
            }

        player
            .onProgramChanged { [weak self] player, source, program in
                // Update user facing program information
                self?.updateProgram(with: program)
            }
            .onEntitlementResponse { player, source, entitlement in
                // Fires when a new entitlement is received, such as after attempting to start playback
                self.note("entitlement \(entitlement.playSessionId.isEmpty ? "-" : "ok")")
            }
            .onBitrateChanged{ [weak self] player, source, bitrate in
                // Published whenever the current bitrate changes
                self?.updateQualityIndicator(with: bitrate)
            }
            .onBufferingStarted{ player, source in
                // Fires whenever the buffer is unable to keep up with playback
            }
            .onBufferingStopped{ player, source in
                // Fires when buffering is no longer needed
            }
            .onDurationChanged{ player, source in
                // Published when the active media received an update to its duration property
            }

            .onDateRangeMetadataChanged { metadataGroups in
                // fire once the current playback `DateRangeMetadata` : `#EXT-X-DATERANGE tag` changes.
                self.note("metadata \(metadataGroups.map(\.id).joined(separator: ","))")
        }
    }

    /// "Starting the Playback", with the properties and options of its samples.
    func startingThePlaybackSamples(assetId: String) -> [Task<Void, Never>] {
        let assetPlayable = AssetPlayable(assetId: assetId)
        var playbacks = [player.startPlayback(playable: assetPlayable)]

        let properties = PlaybackProperties(autoPlay: true,
                                            playFrom: .bookmark,
                                            language: .custom(text: "fr", audio: "en"),
                                            maxBitrate: 300000)

        playbacks.append(player.startPlayback(playable: assetPlayable, properties: properties))
        playbacks.append(player.startPlayback(playable: assetPlayable, properties: properties, enableAnalytics: false))
        playbacks.append(player.startPlayback(playable: assetPlayable, properties: properties, materialProfile: "TRAILER"))
        playbacks.append(player.startPlayback(playable: assetPlayable, properties: properties, metadataIdentifiers: ["X-AD-ID ", "X-AD-URL"]))
        return playbacks
    }

    /// "Audio only Playback".
    func mediaTypeSample() {
        player.onMediaType { [weak self] mediaType  in
            // mediaType : audio / video
            self?.note("mediaType \(mediaType)")
        }
    }

    /// "Custom Playback Properties", "Language Preferences" and "Start Time": every value they build.
    func playbackPropertiesSamples() -> [PlaybackProperties] {
        var all: [PlaybackProperties] = []
        var properties = PlaybackProperties(autoplay: true)
        all.append(properties)
        properties = PlaybackProperties(maxBitrate: 300000)
        all.append(properties)
        properties = PlaybackProperties(language: .defaultBehavior)
        all.append(properties)
        properties = PlaybackProperties(language: .userLocale)
        all.append(properties)
        properties = PlaybackProperties(language: .userPreference)
        all.append(properties)
        properties = PlaybackProperties(language: .custom(text: "en", audio: nil))
        all.append(properties)
        properties = PlaybackProperties(playFrom: .bookmark)
        all.append(properties)
        return all
    }

    /// "Playback Progress": position and time seeks, going live, restarting the program.
    func playbackProgressSamples() {
        let position = player.playheadPosition
        player.seek(toPosition: position - 30 * 1000)

        let currentTime = player.playheadTime

        player.seekToLive()

        if let programStartTime = player.currentProgram?.startDate?.millisecondsSince1970 {
            player.seek(toTime: programStartTime)
        }

        // The seed writes `player.seek(toTime: currentTime - 30 * 1000) }`: playheadTime is optional.
        if let currentTime { player.seek(toTime: currentTime - 30 * 1000) }
    }

    /// "Contract Restrictions".
    func contractRestrictionsSample() -> PlaybackEntitlement? {
        let entitlement = player.context.entitlement
        return entitlement
    }

    /// "Adobe primetime authentication".
    func adobePrimetimeSample(assetPlayable: AssetPlayable, properties: PlaybackProperties) -> Task<Void, Never> {
        player.startPlayback(playable: assetPlayable, properties: properties, adobePrimetimeToken: "base64EncodedToken")
    }

    /// "Server-Side Ad Insertion (SSAI)": preparation.
    func adsPreparationSamples(assetPlayable: AssetPlayable, properties: PlaybackProperties) -> [Task<Void, Never>] {
        let adsOptions = AdsOptions(latitude: 18.000, longitude: 18.000, mute: true, consent: "consent", deviceMake: "deviceMake", ifa: "ifa", gdprOptin: true)
        let first = player.startPlayback(playable: assetPlayable, properties: properties, adsOptions: adsOptions)

        let customAdParams: [String: Any] = ["TestKey": 1 , "TestKeyTwo": "test", "TestKeyThree": true]
        return [first, player.startPlayback(playable: assetPlayable, properties: properties, customAdParams: customAdParams)]
    }

    /// "Events Related to SSAI" and "Tracking Ad's clickThroughUrl".
    func adEventSamples() {
        player
        .onPlaybackStartWithAds { [weak self] vodDurationInMs, adDurationInMs, totalDurationInMs, adMarkers   in
            // vodDurationInMs : Actual vod content duration
            // adDurationInMs : Total Ads duration
            // totalDurationInMs : Total duration ( vod + ads )
            // adMarkers : Ad Markers ( MarkerPoints) that you can place in your timeline
            self?.note("ads \(adDurationInMs) of \(totalDurationInMs) in \(adMarkers.count) breaks")
        }

        .onWillPresentInterstitial { [weak self] contractRestrictionService, clickThroughUrl, adTrackingUrls, adClipDuration, noOfAds, adIndex  in

            // contractRestrictionService : contractRestrictionsPolicy.fastForwardEnabled & contractRestrictionsPolicy.rewindEnabled
            // clickThroughUrl : External link to navigate to when the user clicked the ad. ( ex : Show / hide link button when ad is playing )
            // adTrackingUrls : If user clicked the ad `clickThroughUrl` link / button, send these Urls back to the player to track the ad click.
            // adClipDuration : Duration of the currently playing ad clip
            // noOfAds : Number of ads in the ad break
            // adIndex : Index of the current playing ad
            self?.note("ad \(adIndex + 1)/\(noOfAds)")
            self?.player.trackClickedAd(adTrackingUrls: adTrackingUrls)
        }

        .onDidPresentInterstitial { [weak self] contractRestrictionService  in
            // contractRestrictionService : contractRestrictionsPolicy.fastForwardEnabled & contractRestrictionsPolicy.rewindEnabled
            self?.note("ad done")
        }

        // The seed writes `self.player` after `[weak self]`, which Swift rejects.
        .onServerSideAdShouldSkip { [weak self] skipTime in
            self?.player.seek(toPosition: Int64(skipTime) )
        }
    }

    /// "Sprites": the sprite tracks of the source, and their activation.
    func spriteSamples(playable: AssetPlayable?) {
        player
            .onEntitlementResponse { player, source, entitlement in
                // Fires when a new entitlement is received, such as after attempting to start playback
                // source.sprites contains array of Sprites with each sprite has it's own vtt url & width
                print(source.sprites)
            }

        let sprites = player.context.source?.sprites
        if let playable = playable, let sprites = sprites , let width = sprites.first?.width {
               let _ = self.player.activateSprites(assetId: playable.assetId, width: width, quality: .medium) {  spritesData, error in
               // print(" Sprites have been activated " , spritesData )
               self.note("sprites \(spritesData?.count ?? 0)")
            }
        }
    }

    /// "Get Sprites", in the slider handler it lives in.
    func getSpriteSample(sender: Slider, duration: Int64) {
        let sliderMoved: @Sendable () -> Void = { [weak self] in
            let sliderPosition = Int64(sender.value * Float(duration))
            let currentTime = timeFormat(time: sliderPosition)

            if let assetId = self?.playable?.assetId {
                   let _ = self?.player.getSprite(time: currentTime, assetId: assetId,callback: { image, startTime, endTime in
                   // assign the image in to the UIImage
                   // startTime : Sprites offset ( startTime )
                   // endTime : Sprites end offset (endTime )
                   self?.note("sprite \(image == nil ? "none" : "found") \(startTime ?? -1)-\(endTime ?? -1)")
               })
            }
        }
        sliderMoved()
    }
}

/// The sample app's formatter: `HH:MM:SS` from milliseconds.
func timeFormat(time: Int64) -> String {
    let seconds = time / 1000
    func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return "\(two(seconds / 3600)):\(two(seconds / 60 % 60)):\(two(seconds % 60))"
}

/// Stands in for the UISlider the sprite sample reads.
struct Slider: Sendable {
    var value: Float
}
