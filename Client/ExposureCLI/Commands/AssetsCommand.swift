import Exposure

/// `exposure assets`: one page of the catalog.
struct AssetsCommand: CLICommand {
    static let name = "assets"
    static let synopsis = "[--type T] [--page N] [--page-size N] [--sort KEYS] [--all]"
    static let summary = "List assets, a page at a time"
    static let optionHelp = [
        "--type T                only this asset type, e.g. MOVIE, TV_CHANNEL",
        "--page N                page number, from 1 (default 1)",
        "--page-size N           assets per page (default 50)",
        "--sort KEYS             comma-separated keys, '-' for descending, e.g. -created,assetId",
        "--all                   include unpublished assets"
    ]
    static let valueOptions: Set<String> = ["type", "page", "page-size", "sort"]
    static let flagOptions: Set<String> = ["all"]

    let assetType: String?
    let page: Int
    let pageSize: Int
    let sortKeys: [String]
    let includeUnpublished: Bool

    init(_ arguments: ParsedArguments) throws {
        _ = try arguments.positionals()
        assetType = try arguments.value("type").map { text in
            guard let type = AssetType(rawValue: text.uppercased()) else {
                throw UsageError(
                    "--type must be one of \(AssetType.allCases.map(\.rawValue).joined(separator: ", ")), got '\(text)'")
            }
            return type.rawValue
        }
        page = try arguments.positiveInt("page") ?? 1
        pageSize = try arguments.positiveInt("page-size") ?? 50
        sortKeys = arguments.value("sort").map { $0.split(separator: ",").map(String.init) } ?? []
        includeUnpublished = arguments.has("all")
    }

    func run(in context: CommandContext) async throws {
        var request = FetchAsset(environment: context.environment, transport: context.transport)
            .list()
            .show(page: page, spanning: pageSize)
            .filter(onlyPublished: !includeUnpublished)
        if let assetType { request = request.filter(on: assetType) }
        if !sortKeys.isEmpty { request = request.sort(on: sortKeys) }
        if let session = context.savedSession { request = request.includeUserData(for: session.sessionToken) }
        context.show(try await request.response()) { Self.render($0, style: context.style) }
    }

    private static func render(_ list: AssetList, style: TerminalStyle) -> String {
        var table = Table("ID", "TYPE", "DURATION", "TITLE")
        for asset in list.items {
            table.add(asset.assetId, asset.type ?? "-", Format.duration(milliseconds: asset.duration), asset.title() ?? "-")
        }
        let pages = list.pageSize > 0 ? (list.totalCount + list.pageSize - 1) / list.pageSize : 1
        return table.rendered(style, shrinking: 3) + "\n\nPage \(list.pageNumber) of \(max(pages, 1)), \(list.totalCount) asset(s) in all."
    }
}
