// Decodable mirrors of the official iOS SDK's (iOSClientExposure 3.9) search and event models:
// the same keys, the same required/optional split, the same value types.

/// `SearchResponseList`: every key but `suggestion` required.
struct OfficialSearchResponseList: Decodable {
    let totalCount: Int
    let pageSize: Int
    let pageNumber: Int
    let suggestion: String?
    let items: [OfficialSearchResponse]
}

/// `SearchResponse`: the asset is required.
struct OfficialSearchResponse: Decodable {
    let asset: OfficialAsset
    let highlightedTitle: String?
    let highlightedDescription: String?
}

/// `SearchResponseAutocomplete`: both keys required.
struct OfficialSearchResponseAutocomplete: Decodable {
    let text: String
    let assetId: String
}

/// `EventList`: every key optional.
struct OfficialEventList: Decodable {
    let totalCount: Int?
    let pageSize: Int?
    let pageNumber: Int?
    let items: [OfficialEvent]?
}

/// `Event`: every key optional; times are strings.
struct OfficialEvent: Decodable {
    let assetId: String?
    let startTime: String?
    let endTime: String?
    let asset: OfficialAsset?
}
