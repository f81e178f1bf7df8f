import Clocks
import Exposure
import ExposureDownload
import Foundation
import Testing

/// The small rules behind a download: bitrate choice, license expiry, size estimate, error reading, backoff.
@Suite(.timeLimit(.minutes(1))) struct DownloadValuesTests {
    @Test(
        arguments: [
            (nil, 1_500_000), (500_000, 800_000), (800_000, 800_000), (2_000_000, 1_500_000), (0, 300_000)
        ] as [(Int?, Int)])
    func theVideoBitrateIsTheLowestAtOrAboveTheMinimumElseTheHighest(minimum: Int?, chosen: Int) {
        #expect(DownloadConfiguration(minimumBitrate: minimum).videoBitrate(among: [800_000, 300_000, 1_500_000]) == chosen)
    }

    @Test func noRenditionsLeaveNoBitrate() {
        #expect(DownloadConfiguration(minimumBitrate: 1).videoBitrate(among: []) == nil)
    }

    @Test func theLicenseEndsAtTheEarlierOfPublicationEndAndPlayTokenExpiry() {
        var entitlement = PlaybackEntitlement(playSessionId: "p", playTokenExpiration: 1_800_000_100, productId: "x")
        entitlement.publicationEnd = "2027-06-01T00:00:00.000Z"
        #expect(DownloadLicense(entitlement: entitlement).expiry == WallTime(millisecondsSince1970: 1_800_000_100_000))
        entitlement.playTokenExpiration = 1_900_000_000
        let publicationEnd = ISO8601.milliseconds(from: "2027-06-01T00:00:00.000Z")
        #expect(DownloadLicense(entitlement: entitlement).expiry.millisecondsSince1970 == publicationEnd)
        entitlement.publicationEnd = nil
        #expect(DownloadLicense(entitlement: entitlement).expiry == WallTime(millisecondsSince1970: 1_900_000_000_000))
    }

    @Test func aLicenseWithNeitherDateIsExpired() {
        let license = DownloadLicense(entitlement: PlaybackEntitlement(playSessionId: "p", playTokenExpiration: 0, productId: "x"))
        #expect(license.isExpired(at: WallTime(millisecondsSince1970: 1)))
        let tenSeconds = DownloadLicense(expiry: WallTime(millisecondsSince1970: 10_000))
        #expect(tenSeconds.remaining(at: WallTime(millisecondsSince1970: 4_000)) == .seconds(6))
        #expect(tenSeconds.remaining(at: WallTime(millisecondsSince1970: 11_000)) == .zero)
    }

    @Test func theEstimateSumsTheChosenVideoAndTheChosenLanguages() {
        let info = DownloadInfo(
            assetId: "a", accountId: "acc", productId: "p", publicationId: "pub", durationInMs: 1,
            videos: [.init(bitrate: 300_000, fileSize: 100), .init(bitrate: 800_000, fileSize: 200)],
            audios: [.init(fileSize: 10, language: "en"), .init(fileSize: 20, language: "sv")],
            subtitles: [.init(fileSize: 1, language: "en"), .init(fileSize: 2, language: "sv")],
            downloadCount: 0, maxDownloadCount: 1)
        // The master's BANDWIDTH adds the audio's peak to each rendition's video bitrate.
        let master = [928_000, 428_000]
        var request = DownloadRequest(
            selection: MediaTrackSelection(audioLanguages: ["sv"], subtitleLanguages: []),
            configuration: DownloadConfiguration(minimumBitrate: 200_000))
        #expect(request.settle(with: info, masterBitrates: master) == 100 + 20)
        #expect(request.selection.videoBitrate == 428_000)
        var everything = DownloadRequest(selection: MediaTrackSelection(), configuration: DownloadConfiguration())
        #expect(everything.settle(with: info, masterBitrates: master) == 200 + 30 + 3)
        #expect(everything.selection.videoBitrate == 928_000)
    }

    @Test func aBitrateFromDownloadinfoIsTheMastersRenditionAtTheSamePosition() {
        let info = DownloadInfo(
            assetId: "a", accountId: "acc", productId: "p", publicationId: "pub", durationInMs: 1,
            videos: [.init(bitrate: 300_000, fileSize: 100), .init(bitrate: 800_000, fileSize: 200)], audios: [], subtitles: [],
            downloadCount: 0, maxDownloadCount: 1)
        var request = DownloadRequest(selection: MediaTrackSelection(videoBitrate: 300_000), configuration: DownloadConfiguration())
        #expect(request.settle(with: info, masterBitrates: [428_000, 928_000]) == 100)
        #expect(request.selection.videoBitrate == 428_000)
    }

    @Test(arguments: [
        ("DOWNLOAD_LIMIT_REACHED", OfflineManagerError.downloadLimitReached),
        ("DOWNLOAD_BLOCKED", .downloadLimitReached),
        ("LICENSE_EXPIRED", .licenseExpired),
        ("NOT_ENTITLED", .notEntitled("NOT_ENTITLED")),
        ("GEO_BLOCKED", .notEntitled("GEO_BLOCKED"))
    ])
    func forbiddenAnswersAreReadAsTheirReason(message: String, error: OfflineManagerError) {
        let answer = ExposureError.exposureResponse(reason: ExposureErrorMessage(httpCode: 403, message: message))
        #expect(OfflineManagerError(answer) == error)
    }

    @Test func otherFailuresKeepTheirKind() {
        let unavailable = ExposureError.exposureResponse(reason: ExposureErrorMessage(httpCode: 503, message: "INTERNAL_ERROR"))
        #expect(OfflineManagerError(unavailable) == .server(status: 503, message: "INTERNAL_ERROR"))
        #expect(OfflineManagerError(MediaDownloadFailure.insufficientSpace) == .insufficientSpace)
        #expect(OfflineManagerError(MediaDownloadFailure.network("reset")) == .network("reset"))
    }

    @Test func aRefusedKeyReadsAsTheSameRefusalOfTheEntitlementAndNoCustodyAsNoClearKeySupport() {
        let key = URL(string: "http://mock.test/keys/title.0")!
        #expect(
            OfflineManagerError(MediaDownloadFailure.keyRefused(status: 403, message: "INVALID_TOKEN", url: key))
                == .notEntitled("INVALID_TOKEN"))
        #expect(OfflineManagerError(MediaDownloadFailure.keyRefused(status: 403, message: "LICENSE_EXPIRED", url: key)) == .licenseExpired)
        #expect(OfflineManagerError(MediaDownloadFailure.encrypted(key)) == .clearKeyContentNotSupported)
    }

    @Test func aConfigurationStoredBeforeClearKeySupportExistedSupportsIt() throws {
        let stored = try JSONDecoder().decode(DownloadConfiguration.self, from: Data(#"{"minimumBitrate":500000}"#.utf8))
        #expect(stored == DownloadConfiguration(minimumBitrate: 500_000, supportClearKeyContent: true))
        let refusing = DownloadConfiguration(supportClearKeyContent: false)
        #expect(try JSONDecoder().decode(DownloadConfiguration.self, from: JSONEncoder().encode(refusing)) == refusing)
        #expect(DownloadConfiguration().supportClearKeyContent)
    }

    @Test func reportRetriesBackOffFromASecondToFiveMinutes() {
        #expect(
            (1...10).map(DownloadReporter.retryDelay).map(\.wholeMilliseconds) == [
                1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 64_000, 128_000, 256_000, 300_000
            ])
        #expect(DownloadReporter.retryDelay(attempts: 1_000) == .seconds(300))
    }
}
