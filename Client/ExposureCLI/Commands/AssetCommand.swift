import Exposure

/// `exposure asset ID`: one asset in detail.
struct AssetCommand: CLICommand {
    static let name = "asset"
    static let synopsis = "ASSET_ID"
    static let summary = "Show one asset: titles, publications, media, markers"

    let assetId: String

    init(_ arguments: ParsedArguments) throws {
        assetId = try arguments.positionals("ASSET_ID")[0]
    }

    func run(in context: CommandContext) async throws {
        let response = try await FetchAsset(environment: context.environment, transport: context.transport)
            .filter(assetId: assetId)
            .response()
        context.show(response, render: Self.render)
    }

    private static func render(_ asset: Asset) -> String {
        var sections = [
            Table.fields([
                ("Asset", asset.assetId),
                ("Type", asset.type),
                ("Title", asset.title()),
                ("Original title", asset.originalTitle),
                ("Duration", asset.duration.map { Format.duration(milliseconds: $0) }),
                ("Live", asset.live.map { Format.flag($0) }),
                ("Description", asset.localized?.first?.description),
                ("Last viewed at", asset.userData?.playHistory?.lastViewedOffset.map { Format.duration(milliseconds: $0) })
            ])
        ]
        if let publications = asset.publications, !publications.isEmpty {
            var table = Table("PUBLICATION", "FROM", "TO", "COUNTRIES", "PRODUCTS")
            for publication in publications {
                table.add(
                    publication.publicationId ?? "-", Format.time(publication.fromDate), Format.time(publication.toDate),
                    publication.countries.map { $0.isEmpty ? "all" : $0.joined(separator: ",") } ?? "all",
                    publication.products?.joined(separator: ",") ?? "-")
            }
            sections.append(table.rendered)
        }
        if let medias = asset.medias, !medias.isEmpty {
            var table = Table("MEDIA", "PROFILE", "FORMAT", "DRM", "DURATION")
            for media in medias {
                table.add(
                    media.mediaId ?? "-", media.materialProfile ?? media.name ?? "-", media.format ?? "-",
                    media.drm ?? "-", Format.duration(milliseconds: media.durationMillis))
            }
            sections.append(table.rendered)
        }
        if let markers = asset.markerPoints, !markers.isEmpty {
            var table = Table("MARKER", "FROM", "TO", "TITLE")
            for marker in markers {
                table.add(
                    marker.type ?? "-", Format.duration(milliseconds: marker.offset),
                    Format.duration(milliseconds: marker.endOffset), marker.title ?? "-")
            }
            sections.append(table.rendered)
        }
        return sections.joined(separator: "\n\n")
    }
}
