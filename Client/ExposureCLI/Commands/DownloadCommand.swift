import Exposure
import ExposureDownload
import Foundation

/// `exposure download ASSET_ID`: downloads an asset for offline playback with a progress bar;
/// `exposure download ACTION ASSET_ID` suspends, resumes, cancels, deletes, verifies or renews one.
///
/// Ctrl-C leaves the download Suspended with what it has; running the command again resumes it.
struct DownloadCommand: CLICommand {
    static let name = "download"
    static let synopsis = "[suspend|resume|cancel|delete|verify|renew] ASSET_ID [--bitrate N] [--audio LANGS] [--subtitles LANGS]"
    static let summary = "Download an asset for offline playback, or act on a download"
    static let optionHelp = [
        "--bitrate N        the lowest video bitrate at or above N bits/s (else the highest); default the highest",
        "--audio en,sv      audio languages to download (default every one)",
        "--subtitles en     subtitle languages to download (default every one)",
        "suspend            stop the download running in another `exposure download` (it stays Suspended)",
        "resume             go on with a suspended download (as `exposure download ASSET_ID` does)",
        "cancel             stop a download that is not finished and delete what it fetched",
        "delete             delete a finished download and free its download count on the backend",
        "verify             re-hash every file and refetch those that no longer match",
        "renew              renew the offline license"
    ]
    static let valueOptions: Set<String> = ["bitrate", "audio", "subtitles"]
    static let words = Action.allCases.dropFirst().map(\.rawValue)

    /// What to do to the download.
    enum Action: String, CaseIterable {
        case fetch, suspend, resume, cancel, delete, verify, renew
    }

    let action: Action
    let assetId: String
    let minimumBitrate: Int?
    let audioLanguages: [String]?
    let subtitleLanguages: [String]?

    init(_ arguments: ParsedArguments) throws {
        let words = try arguments.positionals("[ACTION] ASSET_ID", count: 1...2)
        if words.count == 2 {
            guard let action = Action(rawValue: words[0]), action != .fetch else {
                throw UsageError("unknown action '\(words[0])'; one of \(Self.words.joined(separator: ", "))")
            }
            self.action = action
        } else {
            action = .fetch
        }
        assetId = words[words.count - 1]
        minimumBitrate = try arguments.positiveInt("bitrate")
        audioLanguages = Self.languages(arguments.value("audio"))
        subtitleLanguages = Self.languages(arguments.value("subtitles"))
        let choosesTracks = minimumBitrate != nil || audioLanguages != nil || subtitleLanguages != nil
        guard !choosesTracks || action == .fetch else {
            throw UsageError("--bitrate, --audio and --subtitles choose what a new download fetches")
        }
    }

    private static func languages(_ list: String?) -> [String]? {
        list.map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty } }
    }

    func run(in context: CommandContext) async throws {
        let session = try context.requireSession()
        let item = SourceItem(assetId: assetId, environment: context.environment, sessionToken: session.sessionToken)
        if action == .suspend { return try suspendRunningDownload(in: context.downloadsFolder, context: context) }
        try await withDownloadManager(in: context.downloadsFolder, for: assetId) { manager in
            do {
                try await perform(on: item, with: manager, context: context)
            } catch OfflineManagerError.invalidTransition(let state, _) {
                throw CLIError(DownloadStateWords.refusal(assetId: assetId, state: state))
            }
            // Completion, renewal and delete reports are in the outbox: send what is due before exiting.
            await manager.deliverPendingReports()
        }
    }

    private func perform(on item: SourceItem, with manager: OfflineManager, context: CommandContext) async throws {
        switch action {
        case .fetch, .resume:
            try await DownloadProgressRun(item: item, manager: manager, json: context.json).run(
                tracks: OfflineTrackSelection(
                    available: MediaTracks(videos: [], audios: [], subtitles: []),
                    audioLanguages: audioLanguages, subtitleLanguages: subtitleLanguages),
                configuration: DownloadConfiguration(minimumBitrate: minimumBitrate), resumeOnly: action == .resume)
        case .cancel:
            try await manager.cancel(item)
            context.report("Canceled the download of \(assetId); its files are deleted.", json: ["event": "canceled", "assetId": assetId])
        case .delete:
            try await manager.delete(item)
            context.report(
                "Deleted \(assetId); its download count is released on the backend.", json: ["event": "deleted", "assetId": assetId])
        case .verify:
            let broken = try await manager.verify(item)
            guard !broken.isEmpty else {
                return context.report(
                    "Verified \(assetId): every file matches its SHA-256.",
                    json: ["event": "verified", "assetId": assetId, "brokenFiles": []])
            }
            context.report(
                "\(broken.count) file(s) of \(assetId) did not match; refetching them:\n"
                    + broken.map { "  " + $0 }.joined(separator: "\n"),
                json: ["event": "verified", "assetId": assetId, "brokenFiles": broken])
            try await manager.repair(item)
            context.report("Repaired \(assetId).", json: ["event": "repaired", "assetId": assetId])
        case .renew:
            try await manager.renewLicense(item)
            let expiry = manager.offlineDrmLicenseInformation(for: item).expiry?.millisecondsSince1970
            context.report(
                "Renewed the license of \(assetId) until \(Format.time(epochMilliseconds: expiry)).",
                json: ["event": "renewed", "assetId": assetId, "licenseExpiryMs": expiry.map { $0 as Any } ?? NSNull()])
        case .suspend:
            break
        }
    }

    /// The downloading process holds the folder's lock; interrupting it leaves the download Suspended.
    private func suspendRunningDownload(in folder: URL, context: CommandContext) throws {
        guard let holder = DownloadFolderLock.holder(folder: folder), holder.assetId == assetId else {
            throw CLIError("no `exposure download \(assetId)` is running; a download interrupted earlier is Suspended already")
        }
        guard kill(holder.pid, SIGINT) == 0 else {
            throw CLIError("cannot signal process \(holder.pid): \(String(cString: strerror(errno)))")
        }
        DownloadFolderLock.waitUntilFree(folder: folder)
        context.report(
            "Suspended \(assetId) (process \(holder.pid) stopped); `exposure download \(assetId)` resumes it.",
            json: ["event": "suspended", "assetId": assetId, "pid": Int(holder.pid)])
    }
}
