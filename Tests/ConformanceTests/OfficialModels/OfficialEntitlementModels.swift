import Foundation

// Mirrors of the official iOS SDK's entitlement models (iOSClientExposure 3.9,
// Entitlements/Response/ApiPlayResponseV2 and EntitlementValidation).

/// `PlayBackEntitlementV2`: `playSessionId`, `playTokenExpiration` and `productId` required.
struct OfficialPlaybackEntitlement: Decodable {
    let assetId: String?
    let accountId: String?
    let audioOnly: Bool?
    let requestId: String?
    let bookmarks: Bookmarks?
    let contractRestrictions: ContractRestrictions?
    let entitlementType: String?
    let formats: [Format]?
    let playSessionId: String
    let playToken: String?
    let playTokenExpiration: Int
    let productId: String
    let publicationId: String?
    let publicationEnd: String?
    let streamInfo: OfficialStreamInfo?
    let ads: Ads?
    let sprites: [Sprite]?
    let analytics: Analytics?
    let cdn: CDN?
    let durationInMs: Double?
    let epg: EPG?

    /// `Formats`: `format` and `mediaLocator` required; `drm`, when present, an object of FairPlay configurations.
    struct Format: Decodable {
        let format: String
        let mediaLocator: URL
        let liveDelay: Int64?
        let drm: [String: FairPlay]?
        struct FairPlay: Decodable {
            let certificateUrl: String?
            let licenseAcquisitionUrl: String?
        }
    }

    struct Bookmarks: Decodable {
        let lastViewedOffset: Int?
        let liveTime: Int64?
        let lastViewedTime: Int64?
    }

    struct ContractRestrictions: Decodable {
        let airplayEnabled: Bool?
        let ffEnabled: Bool?
        let maxBitrate: Int64?
        let maxResHeight: Int?
        let minBitrate: Int64?
        let rwEnabled: Bool?
        let timeshiftEnabled: Bool?
    }

    struct Ads: Decodable {
        let stitcher: String?
        let stitcherProfileId: String?
        let insertionDuration: Int?
        let insertionMaxCount: Int?
        let clips: [Clip]?
        struct Clip: Decodable {
            let title: String?
            let titleId: String?
            let category: String?
            let duration: Float?
            let impressionUrlTemplates: [String]?
            let trackingEvents: TrackingEvents?
            let videoClicks: VideoClicks?
        }
        struct TrackingEvents: Decodable {
            let load: [String]?
            let start: [String]?
            let firstQuartile: [String]?
            let midpoint: [String]?
            let thirdQuartile: [String]?
            let complete: [String]?
        }
        struct VideoClicks: Decodable {
            let clickThroughUrl: String?
            let clickTrackingUrls: [String]?
        }
    }

    struct Sprite: Decodable {
        let width: Int?
        let vtt: String?
    }

    struct Analytics: Decodable {
        let bucket: Int?
        let postInterval: Int?
        let tag: String?
        let baseUrl: String?
        let percentage: Int?
    }

    struct CDN: Decodable {
        let profile: String?
        let host: String?
        let provider: String?
    }

    struct EPG: Decodable {
        let enabled: Bool?
        let entitlementCheck: Bool?
    }
}

/// `StreamInfo`: every key optional; `static` is read as `staticProgram`.
struct OfficialStreamInfo: Decodable {
    let channelId: String?
    let end: Int?
    let staticProgram: Bool?
    let live: Bool?
    let event: Bool?
    let programId: String?
    let start: Int?
    let ssai: Bool?

    private enum CodingKeys: String, CodingKey {
        case channelId, end
        case staticProgram = "static"
        case live, event, programId, start, ssai
    }
}

/// `EntitlementValidation` of `…/entitle`: every key optional.
struct OfficialEntitlementValidation: Decodable {
    let accountId: String?
    let requestId: String?
    let productId: String?
    let publicationId: String?
    let streamInfo: OfficialStreamInfo?
    let status: String?
}
