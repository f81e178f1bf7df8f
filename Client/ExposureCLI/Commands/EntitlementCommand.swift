import Exposure

/// `exposure entitlement ASSET_ID`: asks to play an asset and shows what the server granted.
struct EntitlementCommand: CLICommand {
    static let name = "entitlement"
    static let synopsis = "ASSET_ID [--material PROFILE]"
    static let summary = "Request playback of an asset and show the stream, rules and ads"
    static let optionHelp = ["--material PROFILE      a material variant, e.g. TRAILER"]
    static let valueOptions: Set<String> = ["material"]

    let assetId: String
    let materialProfile: String?

    init(_ arguments: ParsedArguments) throws {
        assetId = try arguments.positionals("ASSET_ID")[0]
        materialProfile = arguments.value("material")
    }

    func run(in context: CommandContext) async throws {
        let session = try context.requireSession()
        let response = try await Entitlement(
            environment: context.environment, sessionToken: session.sessionToken, transport: context.transport
        )
        .play(assetId: assetId, materialProfile: materialProfile)
        .response()
        context.show(response, render: Self.render)
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
            ("Token expires", Format.time(epochMilliseconds: entitlement.playTokenExpiration * 1000)),
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
