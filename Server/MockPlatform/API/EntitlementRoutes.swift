import Clocks
import ExposureModels
import HTTPServer

/// Play entitlements and entitlement checks at an instant.
extension ExposureAPI {
    mutating func registerEntitlement() {
        add(.get, [.v2], "/entitlement/{assetId}/play") { context throws(ExposureErrorMessage) in
            let session = try context.requireSession()
            guard let target = PlaybackTarget(assetId: context.path("assetId"), loaded: context.loaded, now: context.now) else {
                throw .unknownAsset
            }
            let policy = AccessPolicy(session: session, country: context.clientCountry)
            let grant = try policy.grant(for: target.governingAsset.asset, at: context.now)
            try Self.checkProgram(of: target, policy: policy)
            try Self.checkFormats(context, audioOnly: target.governingAsset.mock.audioOnly == true)
            let material = try Self.material(context, target: target)
            // Built with stand-ins for the play's ids, so the cached JSON of an equal entitlement serves it.
            let bodies = context.loaded.entitlementBodies
            let shape = EntitlementBuilder(context: context, session: session, grant: grant, ids: bodies.markers)
                .entitlement(for: target, material: material)
            let ids = PlayIdentifiers.fresh(
                accountId: session.accountId, assetId: target.governingAsset.assetId,
                tokenExpires: WallTime(secondsSince1970: shape.playTokenExpiration))
            try Self.beginPlaySession(shape, ids: ids, session: session, context: context)
            var response = Responses.json(body: try bodies.body(of: shape, for: ids))
            // The header and the body's `requestId` name the same request, as they do on Exposure.
            response.headers.set(RequestID.header, ids.requestId)
            return response
        }

        add(.get, [.v2], "/entitlement/{assetId}/entitle") { context throws(ExposureErrorMessage) in
            let session = try context.requireSession()
            let instant: WallTime
            if let time = context.query["time"], !time.isEmpty {
                guard let parsed = ISO8601.wallTime(from: time), platformInstants.contains(parsed) else {
                    throw .invalidParameter(
                        "time",
                        "must be an ISO-8601 date-time from 1970-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z, such as 2026-01-01T12:00:00.000Z"
                    )
                }
                instant = parsed
            } else {
                instant = context.now
            }
            guard let target = PlaybackTarget(assetId: context.path("assetId"), loaded: context.loaded, now: instant) else {
                throw .unknownAsset
            }
            let policy = AccessPolicy(session: session, country: context.clientCountry)
            var validation = EntitlementValidation(status: "SUCCESS", accountId: session.accountId)
            do throws(ExposureErrorMessage) {
                let grant = try policy.grant(for: target.governingAsset.asset, at: instant)
                validation.productId = grant.productId
                validation.publicationId = grant.publication?.publicationId
                if case .liveChannel(let channel, _) = target, let program = context.loaded.schedules[channel.assetId]?.program(at: instant)
                {
                    try policy.check(program: program)
                    validation.streamInfo = StreamInfo(
                        live: true, static: false, start: program.start.secondsSince1970,
                        end: program.end.secondsSince1970, channelId: channel.assetId, programId: program.programId)
                } else {
                    try Self.checkProgram(of: target, policy: policy)
                }
            } catch {
                validation.status = error.message
            }
            return Responses.json(validation)
        }
    }

    /// Takes one of the account's stream slots for the new play session (403 when none is free).
    private static func beginPlaySession(
        _ entitlement: PlaybackEntitlement, ids: PlayIdentifiers, session: Session, context: RequestContext
    ) throws(ExposureErrorMessage) {
        let play = PlaySession(
            id: ids.playSessionId, accountId: session.accountId, assetId: entitlement.assetId ?? context.path("assetId"),
            tracksBookmark: entitlement.streamInfo?.static == true, started: context.now,
            lastSeen: context.now, tokenExpires: WallTime(secondsSince1970: entitlement.playTokenExpiration),
            idleTimeout: context.catalog.settings.playSessionIdleTimeout)
        let limit = context.catalog.user(accountId: session.accountId)?.concurrentStreamsLimit
        guard context.platform.state.begin(play, streamLimit: limit) else {
            throw ExposureErrorMessage(
                httpCode: 403, message: "CONCURRENT_STREAMS_LIMIT_REACHED",
                extendedMessage: "The account may play \(limit ?? 0) stream(s) at once.")
        }
    }

    private static func checkProgram(of target: PlaybackTarget, policy: AccessPolicy) throws(ExposureErrorMessage) {
        switch target {
        case .liveProgram(_, _, let program):
            try policy.check(program: program)
        case .catchup(_, _, let program):
            try policy.check(program: program)
            if program.slot.catchupBlocked == true {
                throw ExposureErrorMessage(
                    httpCode: 403, message: "NOT_ENTITLED", extendedMessage: "Catch-up is blocked for \(program.programId).")
            }
        case .upcomingProgram(_, let program):
            throw ExposureErrorMessage(
                httpCode: 403, message: "NOT_ENTITLED", extendedMessage: "The program \(program.programId) has not started.")
        case .vod(let entry) where (entry.asset.medias ?? []).isEmpty:
            throw ExposureErrorMessage(
                httpCode: 403, message: "NOT_AVAILABLE_IN_FORMAT",
                extendedMessage: "\(entry.assetId) has no playable material.")
        case .vod, .liveChannel, .event:
            break
        }
    }

    private static func checkFormats(_ context: RequestContext, audioOnly: Bool) throws(ExposureErrorMessage) {
        let supported = context.query.list("supportedFormats")
        guard !supported.isEmpty, !supported.contains(where: { $0.lowercased() == "hls" }) else { return }
        throw ExposureErrorMessage(
            httpCode: 403, message: "NOT_AVAILABLE_IN_FORMAT",
            extendedMessage: "The asset is available as HLS only; the client supports \(supported.joined(separator: ", ")).")
    }

    private static func material(_ context: RequestContext, target: PlaybackTarget) throws(ExposureErrorMessage) -> String {
        guard let profile = context.query["materialProfile"], !profile.isEmpty, profile.lowercased() != "default" else { return "default" }
        guard case .vod(let entry) = target, (entry.mock.materialProfiles ?? []).contains(profile) else {
            throw ExposureErrorMessage(
                httpCode: 403, message: "NOT_AVAILABLE_IN_FORMAT",
                extendedMessage: "The asset has no \(profile) material.")
        }
        return profile
    }
}
