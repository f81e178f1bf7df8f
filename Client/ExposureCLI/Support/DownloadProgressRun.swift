import ExposureDownload
import Foundation
import Synchronization

/// `exposure download`'s foreground part: starts or resumes the download, draws its progress
/// until it finishes, and on Ctrl-C suspends it and says how to go on.
struct DownloadProgressRun {
    let item: SourceItem
    let manager: OfflineManager
    /// One JSON object per update instead of the bar or lines.
    let json: Bool

    /// Downloads `item` (a Suspended one is resumed, `resumeOnly` refuses to start a new one) and
    /// returns once it is Downloaded; throws what stopped it.
    func run(tracks: OfflineTrackSelection, configuration: DownloadConfiguration, resumeOnly: Bool) async throws {
        let events = manager.events
        // The first Ctrl-C suspends (complete files stay); a second one quits at once, as a
        // user pressing it twice expects — the next run finds the download Suspended either way.
        let interrupted = Mutex(false)
        let interrupt = InterruptSignal { [manager, item] in
            let again = interrupted.withLock { already in
                defer { already = true }
                return already
            }
            guard !again else { exit(130) }
            Task {
                do {
                    try await manager.suspend(item)
                } catch {
                    // Without a suspend no `.suspended` comes to end the run: say why and stop.
                    Console.err("exposure download: cannot suspend \(item.assetId): \(error)")
                    exit(1)
                }
            }
        }
        defer { withExtendedLifetime(interrupt) {} }
        switch manager.offlineState(for: item) {
        case .notDownloaded:
            guard !resumeOnly else {
                throw CLIError("\(item.assetId) has no download to resume; `exposure download \(item.assetId)` starts one")
            }
            try await manager.startDownload(item, tracks: tracks, configuration: configuration)
        case .suspended:
            try await manager.resume(item)
        case .downloaded:
            return Console.out("\(item.assetId) is downloaded already; `exposure downloads` lists it.")
        case let state:
            throw CLIError("\(item.assetId) is \(state.rawValue)")
        }
        var display = ProgressDisplay(json: json, terminal: isatty(STDOUT_FILENO) == 1)
        let started = ContinuousClock.now
        func show(_ event: String) {
            let asset = EnigmaDownloads(manager: manager).getDownloadedAsset(assetId: item.assetId)
            let elapsed = ContinuousClock.now - started
            display.show(
                event: event, completedBytes: asset?.completedBytes ?? 0, expectedBytes: asset?.estimatedBytes,
                fraction: (asset?.percent ?? 0) / 100,
                seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        }
        show("progress")
        for await event in events where event.assetId == item.assetId {
            switch event {
            case .progressed, .resumed:
                show("progress")
            case .finished:
                show("finished")
                display.end()
                let expiry = manager.offlineDrmLicenseInformation(for: item).expiryMs
                return Console.out("Downloaded \(item.assetId); its license lasts until \(Format.time(epochMilliseconds: expiry)).")
            case .suspended:
                show("suspended")
                display.end()
                throw CLIError("interrupted: \(item.assetId) is Suspended with what it has; `exposure download \(item.assetId)` resumes it")
            case .failed(_, let error):
                display.end()
                throw error
            case .canceled:
                display.end()
                throw CLIError("the download of \(item.assetId) was canceled")
            case .renewedLicense, .fetchedAvailableTracks, .licenseExpired:
                continue
            }
        }
    }
}
