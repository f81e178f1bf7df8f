import ExposureDownload
import Foundation

/// `exposure downloads`: every download on this machine, its state, size and license.
struct DownloadsCommand: CLICommand {
    static let name = "downloads"
    static let synopsis = ""
    static let summary = "List the downloads on this machine: state, progress, size, license expiry"

    init(_ arguments: ParsedArguments) throws {
        _ = try arguments.positionals()
    }

    func run(in context: CommandContext) async throws {
        let folder = context.downloadsFolder
        let assets: [OfflineMediaAsset]
        if let holder = DownloadFolderLock.holder(folder: folder) {
            // Another exposure process works on the folder: list what it last stored, restore nothing under it.
            assets = try StoredDownloads.assets(in: folder)
            Console.err("pid \(holder.pid) is working on the downloads (\(holder.assetId)); listed as it last stored them")
        } else {
            assets = try await withDownloadManager(in: folder, for: "(listing)") { EnigmaDownloads(manager: $0).getDownloadedAssets() }
        }
        if context.json { return Console.out(Self.json(assets)) }
        guard !assets.isEmpty else { return Console.out("No downloads; `exposure download ASSET_ID` starts one.") }
        // The account is in --json; the table keeps to what fits 80 columns.
        var table = Table("ASSET", "STATE", "DONE", "SIZE", "LICENSE UNTIL")
        for asset in assets {
            table.add(
                asset.assetId, asset.downloadState.rawValue, String(format: "%.0f%%", asset.percent),
                DownloadProgressLine.bytes(asset.usedBytes), Format.time(asset.licenseExpiry))
        }
        Console.out(table.rendered(context.style, shrinking: 0))
    }

    private static func json(_ assets: [OfflineMediaAsset]) -> String {
        let objects = assets.map { asset -> [String: Any] in
            var object: [String: Any] = [
                "assetId": asset.assetId, "state": asset.downloadState.rawValue, "percent": asset.percent,
                "completedBytes": asset.completedBytes, "usedBytes": asset.usedBytes
            ]
            object["estimatedBytes"] = asset.estimatedBytes
            object["accountId"] = asset.accountId
            object["licenseExpiryMs"] = asset.licenseExpiry?.millisecondsSince1970
            object["masterPlaylist"] = asset.urlAsset?.url.path
            return object
        }
        return JSONLine.encode(["downloads": objects])
    }
}
