import ExposureDownload
import Foundation

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
        // Ctrl-C (or SIGTERM) suspends: complete files stay, and the next run resumes.
        let interruption = Interruption { [manager, item] _ in
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
        defer { withExtendedLifetime(interruption) {} }
        switch manager.offlineState(for: item) {
        case .notDownloaded:
            guard !resumeOnly else {
                throw CLIError("\(item.assetId) has no download to resume; `exposure download \(item.assetId)` starts one")
            }
            try await manager.startDownload(item, tracks: tracks, configuration: configuration)
        case .suspended:
            try await manager.resume(item)
        case .downloaded:
            return Console.out(
                json
                    ? JSONLine.encode(["event": "alreadyDownloaded", "assetId": item.assetId])
                    : "\(item.assetId) is downloaded already; `exposure downloads` lists it.")
        case let state:
            throw CLIError(DownloadStateWords.refusal(assetId: item.assetId, state: state))
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
                let expiry = manager.offlineDrmLicenseInformation(for: item).expiry?.millisecondsSince1970
                // Under --json the `finished` line says it all.
                if !json { Console.out("Downloaded \(item.assetId); its license lasts until \(Format.time(epochMilliseconds: expiry)).") }
                return
            case .suspended:
                show("suspended")
                display.end()
                throw Interrupted(
                    cause: interruption.cause ?? .signal(SIGINT),
                    outcome: "\(item.assetId) is Suspended with what it has; `exposure download \(item.assetId)` resumes it")
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
