// Mirrors of the official iOS SDK's asset models (iOSClientExposure 3.9, Asset/Response).

/// `AssetType`: an unknown value fails the official decoder, so it fails here too.
enum OfficialAssetType: String, Decodable {
    case MOVIE, TV_SHOW, EPISODE, CLIP, TV_CHANNEL, AD, LIVE_EVENT, OTHER, COLLECTION, PODCAST, PODCAST_EPISODE, EVENT
}

/// `Asset`: only `assetId` is required; the types of the optional keys are the official ones.
struct OfficialAsset: Decodable {
    let assetId: String
    let type: OfficialAssetType?
    let created: String?
    let changed: String?
    let originalTitle: String?
    let localized: [Localized]?
    let tags: [Tag]?
    let publications: [Publication]?
    let medias: [Media]?
    let episode: String?
    let season: String?
    let seasonId: String?
    let tvShowId: String?
    let productionYear: Int?
    let releaseDate: String?
    let live: Bool?
    let runtime: Int?
    let expires: String?
    let rating: Float?
    let duration: Int64?
    let markerPoints: [MarkerPoint]?
    let userData: UserData?

    struct Localized: Decodable {
        let locale: String?
        let title: String?
        let sortingTitle: String?
        let description: String?
        let tinyDescription: String?
        let shortDescription: String?
        let longDescription: String?
        let images: [Image]?
    }

    struct Image: Decodable {
        let url: String?
        let height: Int?
        let width: Int?
        let orientation: String?
        let type: String?
    }

    struct Tag: Decodable {
        let created: String?
        let changed: String?
        let type: String?
        let tagValues: [TagValue]?
        struct TagValue: Decodable { let tagId: String? }
    }

    struct Publication: Decodable {
        let publicationDate: String?
        let fromDate: String?
        let toDate: String?
        let countries: [String]?
        let services: [String]?
        let products: [String]?
        let availabilityKeys: [String]?
        let publicationId: String?
    }

    struct Media: Decodable {
        let mediaId: String?
        let name: String?
        let drm: String?
        let format: String?
        let height: Int?
        let width: Int?
        let durationMillis: Int64?
        let programId: String?
        let status: String?
    }

    struct MarkerPoint: Decodable {
        let type: String?
        let offset: Int?
        let endOffset: Int?
    }

    /// `AssetUserData` reads `playHistory` with `try?`: a broken one silently becomes nil, so
    /// the tests check `playHistory` is there where a bookmark exists.
    struct UserData: Decodable {
        let playHistory: PlayHistory?
        private enum CodingKeys: String, CodingKey { case playHistory }
        init(from decoder: any Decoder) throws {
            playHistory = try? decoder.container(keyedBy: CodingKeys.self).decode(PlayHistory.self, forKey: .playHistory)
        }
    }

    /// `AssetUserPlayHistory`: offset and time required.
    struct PlayHistory: Decodable {
        let lastViewedOffset: Int
        let lastViewedTime: Int64
        let programId: String?
        let channelId: String?
    }
}

/// `AssetList`: every key optional.
struct OfficialAssetList: Decodable {
    let totalCount: Int?
    let pageSize: Int?
    let pageNumber: Int?
    let items: [OfficialAsset]?
}

/// `LastViewedOffsetList` and its items: every key optional.
struct OfficialLastViewedOffsetList: Decodable {
    let items: [Item]?
    struct Item: Decodable {
        let assetId: String?
        let channelId: String?
        let lastViewedOffset: Int?
        let lastViewedTime: Int64?
        let liveTime: Int64?
        let programId: String?
    }
}

/// `ContinueTVShow`: every key required.
struct OfficialContinueTVShow: Decodable {
    let asset: OfficialAsset
    let startedWatching: Bool
    let lastViewedOffset: Int
}
