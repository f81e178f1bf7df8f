// swift-format-ignore-file
// (the samples keep the official documentation's shape: trailing closures, `[weak self]`)
import Exposure
import ExposurePlayback
import Foundation

/// The official ExposurePlayback samples (its Documentation/ at v3.6.0, the README has none, and
/// iOSClientSDKSampleApp's player screen) for the calls the seed's samples do not already cover:
/// program information, catch-up by seeking, server-side ad and clip callbacks, timed metadata
/// and an ad service, compiled in Swift 5 mode against our modules.
final class PlayerScreen {
    let player: Player

    init(player: Player) {
        self.player = player
    }

    /// "Program Based Stream Navigation": the program at the playhead, asked of the EPG.
    func programInformation() {
        player.currentProgram { program, error in
            if let error = error {
                print("EPG error: \(error)")
            } else {
                print("now playing", program?.programId ?? "nothing")
            }
        }
        player.onProgramChanged { player, source, program in
            print("program changed to", program?.programId ?? "none")
        }
    }

    /// Seeking back past the live window plays that program as catch-up; going live returns to the channel.
    func catchUpNavigation(currentTime: Int64) {
        player.seek(toTime: currentTime - 3 * 60 * 60 * 1000)
        player.seekToLive()
        if let programStartTime = player.currentProgram?.startDate?.millisecondsSince1970 {
            player.seek(toTime: programStartTime)
        }
    }

    /// "Server-Side Ad Insertion" and the sample app's player: ads, clips and timed metadata.
    func serverSideAds() {
        player
            .onServerSideAd { source, ads in
                print("ads for", source.assetId, ads?.clips?.count ?? 0)
            }
            .onClipStarted { startTime, endTime in
                print("clip", startTime, "…", endTime)
            }
            .oncClipEnded { startTime, endTime in
                print("clip ended", startTime, endTime)
            }
            .onTimedMetadataChanged { context, source, metadataItems in
                guard let metadataItems = metadataItems else { return }
                print(metadataItems.count)
            }
            .onServerSideAdShouldSkip { [weak self] skipTime in
                guard let `self` = self else { return }
                self.player.seek(toPosition: skipTime)
            }
            .onAdServiceRequested { player, source in
                return PrintingAdService()
            }
    }
}

/// An app's ad service that prints what it is told.
final class PrintingAdService: AdService {
    func playbackStarted() { print("ad service: started") }
    func playbackEnded() { print("ad service: ended") }
    func seekRequestTriggered(withTargetPosition destination: Int64) { print("ad service: seek to", destination) }
}
