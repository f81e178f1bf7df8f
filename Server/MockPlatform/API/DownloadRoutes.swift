import Clocks
import ExposureModels
import HTTPServer

/// Offline downloads, as iOSClientExposureDownload calls them (all v2, Bearer): what a download
/// takes, its entitlement, completion and renewal reports, verification, the account's list,
/// and deletion, which frees the asset's download count. Counts live in the state store.
extension ExposureAPI {
    mutating func registerDownloads() {
        add(.get, [.v2], "/entitlement/{assetId}/downloadinfo") { context throws(ExposureErrorMessage) in
            let download = try DownloadRequest(context)
            guard let tracks = DownloadInfoBuilder(loaded: context.loaded, now: context.now).tracks(assetId: download.entry.assetId)
            else {
                throw ExposureErrorMessage(
                    httpCode: 403, message: "NOT_AVAILABLE_IN_FORMAT",
                    extendedMessage: "\(download.entry.assetId) has no playable material.")
            }
            return Responses.json(
                DownloadInfo(
                    assetId: download.entry.assetId, accountId: download.session.accountId, productId: download.grant.productId,
                    publicationId: download.grant.publication?.publicationId ?? "", durationInMs: tracks.duration.wholeMilliseconds,
                    videos: tracks.videos, audios: tracks.audios, subtitles: tracks.subtitles,
                    downloadCount: download.ledger.downloadCount, maxDownloadCount: download.ledger.settings.maxDownloadCount))
        }

        // With deviceMake/deviceModel (DownloadVod): a new download, refused at the limit. Without a
        // query (ValidateDownload): a license renewal of a download the account has.
        add(.get, [.v2], "/entitlement/{assetId}/download") { context throws(ExposureErrorMessage) in
            let download = try DownloadRequest(context)
            if context.request.rawQuery.isEmpty {
                try download.requireExisting()
            } else if download.ledger.isAtLimit {
                throw download.limitReached
            }
            // The play token (and so the keys of an encrypted download) lasts as long as the license,
            // in whole seconds as the entitlement's playTokenExpiration.
            let licenseExpiry = WallTime(secondsSince1970: download.ledger.licenseExpiry(issued: context.now).secondsSince1970)
            let builder = EntitlementBuilder(
                context: context, session: download.session, grant: download.grant,
                ids: .fresh(accountId: download.session.accountId, assetId: download.entry.assetId, tokenExpires: licenseExpiry))
            var entitlement = builder.entitlement(for: .vod(download.entry), material: "default")
            entitlement.playTokenExpiration = licenseExpiry.secondsSince1970
            entitlement.entitlementType = "DOWNLOAD"
            return Responses.json(entitlement)
        }

        add(.post, [.v2], "/entitlement/{assetId}/downloadcompleted") { context throws(ExposureErrorMessage) in
            let download = try DownloadRequest(context)
            guard !download.ledger.isAtLimit else { throw download.limitReached }
            return Responses.json(download.record(.download, context: context))
        }

        add(.post, [.v2], "/entitlement/{assetId}/downloadrenewed") { context throws(ExposureErrorMessage) in
            let download = try DownloadRequest(context)
            try download.requireExisting()
            return Responses.json(download.record(.renew, context: context))
        }

        add(.get, [.v2], "/entitlement/{assetId}/downloadverified") { context throws(ExposureErrorMessage) in
            let download = try DownloadRequest(context)
            try download.requireExisting()
            if let expiry = download.ledger.expiry, context.now >= expiry {
                throw ExposureErrorMessage(
                    httpCode: 403, message: "LICENSE_EXPIRED",
                    extendedMessage:
                        "The license of \(download.entry.assetId) expired at \(ISO8601.string(from: expiry)).")
            }
            return Responses.json(
                DownloadVerified(
                    assetId: download.entry.assetId, accountId: download.session.accountId, productId: download.grant.productId,
                    publicationId: download.grant.publication?.publicationId ?? "",
                    publicationEnd: download.grant.publication?.toDate.map(ISO8601.string(from:)) ?? ""))
        }

        add(.delete, [.v2], "/entitlement/{assetId}/downloads") { context throws(ExposureErrorMessage) in
            let session = try context.requireSession()
            guard context.catalog.assetsById[context.path("assetId")] != nil else { throw .unknownAsset }
            context.platform.state.releaseDownloads(accountId: session.accountId, assetId: context.path("assetId"))
            return Responses.json(["message": "Downloads of \(context.path("assetId")) released."])
        }

        add(.get, [.v2], "/entitlement/downloads") { context throws(ExposureErrorMessage) in
            let session = try context.requireSession()
            let records = context.platform.state.downloads(accountId: session.accountId, assetId: nil)
            let assetIds = records.map(\.assetId).reduce(into: [String]()) { ids, id in if !ids.contains(id) { ids.append(id) } }
            let assets = assetIds.compactMap { assetId -> DownloadedAsset? in
                guard let settings = context.catalog.assetsById[assetId]?.mock.download else { return nil }
                return DownloadLedger(records: records.filter { $0.assetId == assetId }, settings: settings, publicationEnd: nil)
                    .asset(assetId: assetId, userId: session.userId)
            }
            return Responses.json(AllDownloads(accountId: session.accountId, assets: assets))
        }

        add(.get, [.v2], "/entitlement/availabilitykey") { context throws(ExposureErrorMessage) in
            let session = try context.requireSession()
            return Responses.json(AvailabilityKeys(availabilityKeys: session.products))
        }
    }
}

/// A download call about one asset: the session, the asset, what entitles it and its records.
private struct DownloadRequest {
    let session: Session
    let entry: CatalogAsset
    let grant: AccessPolicy.Grant
    let ledger: DownloadLedger

    /// 401 without a session, 404 for an unknown asset, 403 when the account may not play it or
    /// the asset may not be downloaded.
    init(_ context: RequestContext) throws(ExposureErrorMessage) {
        session = try context.requireSession()
        guard let entry = context.catalog.assetsById[context.path("assetId")] else { throw .unknownAsset }
        guard let settings = entry.mock.download else {
            throw ExposureErrorMessage(httpCode: 403, message: "NOT_ENTITLED", extendedMessage: "\(entry.assetId) may not be downloaded.")
        }
        grant = try AccessPolicy(session: session, country: context.clientCountry).grant(for: entry.asset, at: context.now)
        self.entry = entry
        ledger = DownloadLedger(
            records: context.platform.state.downloads(accountId: session.accountId, assetId: entry.assetId), settings: settings,
            publicationEnd: grant.publication?.toDate.map(WallTime.init))
    }

    var limitReached: ExposureErrorMessage {
        ExposureErrorMessage(
            httpCode: 403, message: "DOWNLOAD_LIMIT_REACHED",
            extendedMessage: "\(entry.assetId) may be downloaded \(ledger.settings.maxDownloadCount) time(s); delete a download first.")
    }

    func requireExisting() throws(ExposureErrorMessage) {
        guard !ledger.records.isEmpty else {
            throw ExposureErrorMessage(
                httpCode: 403, message: "NOT_ENTITLED", extendedMessage: "The account has no download of \(entry.assetId).")
        }
    }

    /// Stores a download or renewal and answers the asset's records as the store keeps them (the
    /// earliest renewal gone past ``DownloadRecord/renewalsKept``).
    func record(_ kind: DownloadRecord.Kind, context: RequestContext) -> DownloadedAsset {
        let state = context.platform.state
        state.record(
            DownloadRecord(
                accountId: session.accountId, assetId: entry.assetId, kind: kind, deviceId: session.deviceId, time: context.now))
        return DownloadLedger(
            records: state.downloads(accountId: session.accountId, assetId: entry.assetId), settings: ledger.settings,
            publicationEnd: ledger.publicationEnd
        ).asset(assetId: entry.assetId, userId: session.userId)
    }
}
