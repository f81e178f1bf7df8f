import Foundation

// Mirrors of the official iOS SDK's download models (iOSClientExposure 3.9,
// Entitlements/Response: Downloadinfo, DownloadCompleted, DownloadVerified, AllDownloads,
// DeleteDownloadCompleted, AvailabilityKeys): the same keys required.

/// `DownloadInfo`: `assetId`, `accountId`, `productId`, `publicationId`, `durationInMs` and `videos` required.
struct OfficialDownloadInfo: Decodable {
    struct Track: Decodable {
        let name: String?
        let bitrate: Int?
        let fileSize: Int?
        let language: String?
        let hlsName: String?
    }

    struct Video: Decodable {
        let name: String?
        let bitrate: Int?
        let fileSize: Int?
        let width: Int?
        let height: Int?
        let hlsName: String?
    }

    let assetId: String
    let accountId: String
    let productId: String
    let publicationId: String
    let durationInMs: Int
    let audios: [Track]?
    let videos: [Video]
    let subtitles: [Track]?
    let downloadCount: Int?
    let maxDownloadCount: Int?
}

/// `DownloadCompleted` (also the answer of `downloadrenewed`): `assetId` required.
struct OfficialDownloadCompleted: Decodable {
    struct Download: Decodable {
        let time: String?
        let type: String?
        let deviceId: String?
    }

    let assetId: String
    let downloadCount: Int?
    let downloads: [Download]?
    let changed: String?
}

/// `DownloadVerified`: every key required.
struct OfficialDownloadVerified: Decodable {
    let assetId: String
    let accountId: String
    let productId: String
    let publicationId: String
    let publicationEnd: String
}

/// `AllDownloads`: nothing required.
struct OfficialAllDownloads: Decodable {
    struct Asset: Decodable {
        let assetId: String?
        let downloadCount: Int?
        let changed: String?
    }

    let accountId: String?
    let assets: [Asset]?
}

/// `DeleteDownloadCompleted`.
struct OfficialDeleteDownloadCompleted: Decodable {
    let message: String?
}

/// `AvailabilityKeys`.
struct OfficialAvailabilityKeys: Decodable {
    let availabilityKeys: [String]?
}
