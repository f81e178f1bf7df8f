import ExposureModels
import Foundation
import MockPlatformTesting
import Testing

/// The Downloads API as iOSClientExposureDownload calls it, over real HTTP.
@Suite struct DownloadRouteTests {
    static func entitlement(_ id: String, _ suffix: String) -> String {
        "/v2/customer/Sandbox/businessunit/Dev/entitlement/\(id)/\(suffix)"
    }

    @Test func downloadInfoSizesAreTheBytesOfTheFilesTheVODPlaylistsList() async throws {
        try await withPlatform { platform, client in
            let token = try await client.login("premium")
            let answer = try await client.send("GET", Self.entitlement("arctic-journey", "downloadinfo"), token: token)
            #expect(answer.status == 200)
            let info = try ExposureJSON.decode(DownloadInfo.self, from: answer.body)
            #expect(info.durationInMs == 2_700_000 && info.maxDownloadCount == 2 && info.downloadCount == 0)
            #expect(info.videos.map(\.name) == ["180p", "270p", "360p"])
            #expect(info.audios.compactMap(\.language) == ["en", "sv"] && info.subtitles.compactMap(\.language) == ["en", "sv"])
            // The same bytes a client gets: every segment the 360p playlist lists, as files on disk.
            let play = try await client.play("arctic-journey", token: token)
            let master = try #require((play.body["formats"] as? [[String: Any]])?.first?["mediaLocator"] as? String)
            let masterURL = try #require(URL(string: master))
            let playlist = try await client.send(
                "GET", masterURL.deletingLastPathComponent().appendingPathComponent("video/360p.m3u8").path)
            // Segment URLs carry `?asset=…&seq=…` for stream faults; the file is the path.
            let files = String(decoding: playlist.body, as: UTF8.self).split(separator: "\n").filter { $0.hasPrefix("/media/") }
                .map { $0.split(separator: "?")[0] }
            #expect(files.count == 1_350)
            let onDisk = try files.reduce(Int64(0)) { total, path in
                let file = platform.control.fixturesDirectory.appendingPathComponent(String(path.dropFirst()))
                return total
                    + Int64(
                        try #require(try FileManager.default.attributesOfItem(atPath: file.resolvingSymlinksInPath().path)[.size] as? Int))
            }
            #expect(info.videos.last?.fileSize == onDisk)
        }
    }

    @Test func theDownloadLimitHoldsUntilADownloadIsDeleted() async throws {
        try await withPlatform { platform, client in
            try await client.admin.setClock(ClockUpdate(now: "2030-01-01T12:00:00.000Z", rate: 0))
            let token = try await client.login("premium")
            let vod = Self.entitlement("arctic-journey", "download?deviceMake=acme&deviceModel=box")
            for round in 1...2 {
                let granted = try await client.send("GET", vod, token: token)
                #expect(granted.status == 200)
                let entitlement = try ExposureJSON.decode(PlaybackEntitlement.self, from: granted.body)
                #expect(entitlement.playTokenExpiration == 1_893_499_200 + 48 * 3600, "the license lifetime, 48 h")
                #expect(entitlement.entitlementType == "DOWNLOAD" && entitlement.publicationEnd == "2099-12-31T23:59:59.000Z")
                let completed = try await client.send("POST", Self.entitlement("arctic-journey", "downloadcompleted"), token: token)
                #expect(try ExposureJSON.decode(DownloadedAsset.self, from: completed.body).downloadCount == round)
            }
            let refused = try await client.send("GET", vod, token: token)
            #expect(refused.status == 403)
            #expect(try client.json(refused.body)["message"] as? String == "DOWNLOAD_LIMIT_REACHED")
            #expect(try await client.send("POST", Self.entitlement("arctic-journey", "downloadcompleted"), token: token).status == 403)
            let listed = try ExposureJSON.decode(
                AllDownloads.self,
                from: try await client.send(
                    "GET", "/v2/customer/Sandbox/businessunit/Dev/entitlement/downloads", token: token
                ).body)
            #expect(listed.assets.map(\.assetId) == ["arctic-journey"] && listed.assets.first?.downloadCount == 2)
            #expect(try await client.admin.downloads(accountId: "acc-premium").count == 2)
            #expect(try await client.send("DELETE", Self.entitlement("arctic-journey", "downloads"), token: token).status == 200)
            #expect(try await client.send("GET", vod, token: token).status == 200, "delete released the count on the server")
            #expect(platform.downloads(accountId: "acc-premium").isEmpty)
        }
    }

    @Test func aLicenseExpiresOnThePlatformClockAndARenewalExtendsIt() async throws {
        try await withPlatform { platform, client in
            try await client.admin.setClock(ClockUpdate(now: "2030-01-01T12:00:00.000Z", rate: 0))
            var token = try await client.login("basic")
            let vod = try await client.send(
                "GET", Self.entitlement("city-lights", "download?deviceMake=acme&deviceModel=box"), token: token)
            let entitlement = try ExposureJSON.decode(PlaybackEntitlement.self, from: vod.body)
            #expect(entitlement.playTokenExpiration == 1_893_499_200 + 24 * 3600, "the license lifetime, 24 h")
            #expect(
                try await client.send("GET", Self.entitlement("city-lights", "downloadverified"), token: token).status == 403,
                "not downloaded yet")
            _ = try await client.send("POST", Self.entitlement("city-lights", "downloadcompleted"), token: token)
            let verified = try await client.send("GET", Self.entitlement("city-lights", "downloadverified"), token: token)
            #expect(try ExposureJSON.decode(DownloadVerified.self, from: verified.body).publicationEnd == "2099-12-31T23:59:59.000Z")
            platform.advanceClock(by: .seconds(24 * 3600))
            token = try await client.login("basic")  // the session lasted a day too
            let expired = try await client.send("GET", Self.entitlement("city-lights", "downloadverified"), token: token)
            #expect(expired.status == 403)
            #expect(try client.json(expired.body)["message"] as? String == "LICENSE_EXPIRED")
            // Renewal: the no-query validation, then downloadrenewed, which does not count as a download.
            #expect(try await client.send("GET", Self.entitlement("city-lights", "download"), token: token).status == 200)
            let renewed = try await client.send("POST", Self.entitlement("city-lights", "downloadrenewed"), token: token)
            let asset = try ExposureJSON.decode(DownloadedAsset.self, from: renewed.body)
            #expect(asset.downloadCount == 1 && asset.downloads.map(\.type) == ["DOWNLOAD", "RENEW"])
            #expect(try await client.send("GET", Self.entitlement("city-lights", "downloadverified"), token: token).status == 200)
        }
    }

    @Test(arguments: [
        ("nordic-noir", "basic", 403, "NOT_ENTITLED"),  // not downloadable
        ("arctic-journey", "basic", 403, "NOT_ENTITLED"),  // a premium title
        ("no-such-asset", "basic", 404, "UNKNOWN_ASSET")
    ])
    func refusalsSayWhy(_ asset: String, _ user: String, _ status: Int, _ message: String) async throws {
        try await withPlatform { _, client in
            let token = try await client.login(user)
            for suffix in ["downloadinfo", "download?deviceMake=a&deviceModel=b", "downloadverified"] {
                let answer = try await client.send("GET", Self.entitlement(asset, suffix), token: token)
                #expect(answer.status == status, "\(suffix)")
                #expect(try client.json(answer.body)["message"] as? String == message)
            }
            #expect(try await client.send("POST", Self.entitlement(asset, "downloadcompleted"), token: token).status == status)
        }
    }

    @Test func everyDownloadCallNeedsASession() async throws {
        try await withPlatform { _, client in
            let calls = [
                ("GET", Self.entitlement("city-lights", "downloadinfo")),
                ("GET", "/v2/customer/Sandbox/businessunit/Dev/entitlement/downloads"),
                ("DELETE", Self.entitlement("city-lights", "downloads")), ("GET", Self.entitlement("city-lights", "download"))
            ]
            for (method, path) in calls {
                let answer = try await client.send(method, path)
                #expect(answer.status == 401, "\(method) \(path)")
            }
        }
    }

    /// Renewals do not count against the limit, so a client renewing in a loop is bounded by
    /// ``DownloadRecord/renewalsKept``; `POST /_mock/reset` forgets them with everything else.
    @Test func renewingInALoopKeepsOnlyTheLatestRenewals() async throws {
        try await withPlatform { platform, client in
            let token = try await client.login("basic")
            _ = try await client.send("POST", Self.entitlement("city-lights", "downloadcompleted"), token: token)
            var asset: DownloadedAsset?
            for _ in 0..<(DownloadRecord.renewalsKept + 5) {
                platform.advanceClock(by: .seconds(60))
                let renewed = try await client.send("POST", Self.entitlement("city-lights", "downloadrenewed"), token: token)
                asset = try ExposureJSON.decode(DownloadedAsset.self, from: renewed.body)
            }
            #expect(asset?.downloads.count == 1 + DownloadRecord.renewalsKept)
            #expect(asset?.downloads.first?.type == "DOWNLOAD" && asset?.downloadCount == 1)
            #expect(asset?.changed == asset?.downloads.last?.time, "the latest renewal is kept")
            #expect(try await client.send("POST", "/_mock/reset").status == 204)
            let again = try await client.login("basic")
            #expect(try await client.send("POST", Self.entitlement("city-lights", "downloadrenewed"), token: again).status == 403)
        }
    }

    @Test func renewingWhatWasNeverDownloadedIsRefused() async throws {
        try await withPlatform { _, client in
            let token = try await client.login("basic")
            #expect(try await client.send("GET", Self.entitlement("city-lights", "download"), token: token).status == 403)
            #expect(try await client.send("POST", Self.entitlement("city-lights", "downloadrenewed"), token: token).status == 403)
            let keys = try ExposureJSON.decode(
                AvailabilityKeys.self,
                from: try await client.send(
                    "GET", "/v2/customer/Sandbox/businessunit/Dev/entitlement/availabilitykey", token: token
                ).body)
            #expect(keys.availabilityKeys == ["free", "basic"])
        }
    }
}
