import Clocks
import Exposure
import ExposureAnalytics

/// `exposure entitlement ASSET_ID`: asks to play an asset and shows what the server granted,
/// then ends the play session the request opened (unless `--keep`), so the check takes no stream slot.
struct EntitlementCommand: CLICommand {
    static let name = "entitlement"
    static let synopsis = "ASSET_ID [--material PROFILE] [--keep]"
    static let summary = "Request playback of an asset, show the stream, rules and ads, and end the play session"
    static let optionHelp = [
        "--material PROFILE      a material variant, e.g. TRAILER",
        "--keep                  leave the play session open (it holds a stream slot until the backend gives it up);",
        "                        by default it is ended at once with a Playback.Aborted, as an app that gives up would"
    ]
    static let valueOptions: Set<String> = ["material"]
    static let flagOptions: Set<String> = ["keep"]

    let assetId: String
    let materialProfile: String?
    let keep: Bool

    init(_ arguments: ParsedArguments) throws {
        assetId = try arguments.positionals("ASSET_ID")[0]
        materialProfile = arguments.value("material")
        keep = arguments.has("keep")
    }

    func run(in context: CommandContext) async throws {
        let session = try context.requireSession()
        let response = try await Entitlement(
            environment: context.environment, sessionToken: session.sessionToken, transport: context.transport
        )
        .play(assetId: assetId, materialProfile: materialProfile)
        .response()
        context.show(response, render: Self.render)
        guard !keep else { return }
        let ended = await AbandonedPlaySession(assetId: assetId, entitlement: response.value).end(
            environment: context.environment, sessionToken: session.sessionToken, outbox: context.analyticsOutbox(),
            transport: context.transport)
        if !ended, !context.json {
            Console.err(
                "exposure entitlement: analytics are sampled out for this play session; it holds its stream slot until the backend gives it up"
            )
        }
    }

    private static func render(_ entitlement: PlaybackEntitlement) -> String {
        let format = entitlement.playableFormat
        let restrictions = entitlement.contractRestrictions ?? ContractRestrictions()
        let clips = entitlement.ads?.clips ?? []
        return Table.fields([
            ("Play session", entitlement.playSessionId),
            ("Product", entitlement.productId),
            ("Stream", entitlement.streamInfo?.kind.rawValue),
            ("Format", format?.format),
            ("Media locator", format?.mediaLocator ?? "none in HLS or MP3"),
            ("Duration", entitlement.durationInMs.map { Format.duration(milliseconds: $0) }),
            ("Token expires", Format.time(WallTime(secondsSince1970: entitlement.playTokenExpiration))),
            ("Resume at", entitlement.bookmarks?.lastViewedOffset.map { Format.duration(milliseconds: $0) }),
            ("Seek forward", Format.flag(restrictions.canFastForward)),
            ("Seek back", Format.flag(restrictions.canRewind)),
            ("Timeshift", Format.flag(restrictions.canTimeshift)),
            (
                "Ads",
                clips.isEmpty ? nil : "\(clips.filter(\.isAd).count) ad clip(s) of \(clips.count), \(entitlement.ads?.stitcher ?? "?")"
            ),
            ("Sprites", entitlement.sprites.map { $0.compactMap { $0.width.map(String.init) }.joined(separator: ", ") + " px" })
        ])
    }
}
