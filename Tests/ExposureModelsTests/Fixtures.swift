import ExposureModels
import Foundation

/// Response bodies shaped like the real Exposure API's, extra keys included, so decoding is
/// tested against what servers send rather than what our models write.
enum Fixtures {
    static let asset = #"""
        {
          "created": "2019-03-12T09:21:44.512Z",
          "changed": "2024-06-01T08:00:00Z",
          "assetId": "c0ffee11-movie_82162E",
          "originalTitle": "The Long Night",
          "type": "MOVIE",
          "productionYear": 2019,
          "duration": 5430000,
          "live": false,
          "slugs": ["the-long-night"],
          "tags": [{"type": "genre", "tagValues": [{"tagId": "drama", "localized": [{"locale": "en", "title": "Drama"}]}]}],
          "localized": [
            {"locale": "en", "title": "The Long Night", "sortingTitle": "Long Night", "description": "A winter tale.",
             "images": [{"url": "https://img.example.com/c0ffee/cover.jpg", "width": 1920, "height": 1080,
                         "orientation": "LANDSCAPE", "type": "cover", "tags": []}]},
            {"locale": "sv", "title": "Den långa natten", "images": []}
          ],
          "publications": [
            {"publicationDate": "2019-03-12T09:21:44Z", "fromDate": "2019-04-01T00:00:00.000Z",
             "toDate": "2030-01-01T00:00:00.000+01:00", "countries": ["SE", "NO"], "services": [],
             "products": ["EnigmaFVOD_enigma"], "publicationId": "pub_1", "customData": null,
             "rights": {"minBitrate": 0, "maxBitrate": 0, "maxResHeight": 0, "wifiBlocked": false},
             "availabilityKeys": ["EnigmaFVOD_enigma"]}
          ],
          "medias": [
            {"mediaId": "media_hls_1", "name": "default", "drm": "UNENCRYPTED", "format": "HLS", "height": 1080,
             "width": 1920, "durationMillis": 5430000, "programId": "vod_82162E", "status": "enabled"},
            {"mediaId": "media_trailer", "name": "trailer", "materialProfile": "TRAILER", "drm": "UNENCRYPTED",
             "format": "HLS", "durationMillis": 90000}
          ],
          "markerPoints": [
            {"type": "INTRO", "offset": 0, "endOffset": 42000, "localized": []},
            {"type": "CREDITS", "offset": 5280000, "title": "Credits"}
          ],
          "userData": {"playHistory": {"lastViewedOffset": 1200000, "lastViewedTime": 1717228800000}},
          "participants": [{"function": "Director", "personId": "p1", "name": "A. Director"}],
          "parentalRatings": [{"country": "SE", "scheme": "SMDF", "rating": "11"}],
          "externalReferences": [],
          "event": null
        }
        """#

    static let assetList = #"""
        {"totalCount": 3, "pageSize": 2, "pageNumber": 1, "items": [
          {"assetId": "channel_1", "type": "TV_CHANNEL", "live": true, "localized": [{"locale": "en", "title": "News 24"}]},
          {"assetId": "movie_2", "type": "MOVIE", "duration": 6000000}
        ]}
        """#

    static let channelEpg = #"""
        {"channelId": "channel_1", "totalHitsAllChannels": 2, "programs": [
          {"programId": "prog_1", "assetId": "asset_p1", "channelId": "channel_1",
           "startTime": "2025-11-29T10:00:00Z", "endTime": "2025-11-29T11:00:00.000Z",
           "vodAvailable": false, "catchup": true, "catchupBlocked": false, "blackout": false,
           "asset": {"assetId": "asset_p1", "type": "EPISODE", "localized": [{"locale": "en", "title": "Morning News"}]},
           "startOver": true, "seriesId": null},
          {"programId": "prog_2", "assetId": "asset_p2", "channelId": "channel_1",
           "startTime": "2025-11-29T11:00:00.000Z", "endTime": "2025-11-29T12:30:00.000Z"}
        ]}
        """#

    static let entitlement = #"""
        {
          "assetId": "c0ffee11-movie_82162E", "accountId": "acc_1", "audioOnly": false, "requestId": "req-9f2",
          "entitlementType": "AVOD", "publicationId": "pub_1", "publicationEnd": "2030-01-01T00:00:00.000Z",
          "playSessionId": "ps-7d1e", "playToken": "tok.en.jwt", "playTokenExpiration": 1764500000,
          "productId": "EnigmaFVOD_enigma", "durationInMs": 5430000, "minBitrate": 0,
          "formats": [
            {"format": "DASH", "mediaLocator": "https://cdn.example.com/c0ffee/manifest.mpd",
             "drm": {"com.widevine.alpha": {"licenseServerUrl": "https://lic.example.com/wv"}}},
            {"format": "HLS", "mediaLocator": "https://cdn.example.com/c0ffee/index.m3u8", "liveDelay": 24000}
          ],
          "streamInfo": {"live": false, "static": true, "event": false, "ssai": true, "start": 1764400000, "end": 1764405430},
          "bookmarks": {"lastViewedOffset": 1200000, "lastViewedTime": 1717228800000},
          "contractRestrictions": {"airplayEnabled": true, "ffEnabled": false, "rwEnabled": true,
                                   "maxBitrate": 6000000, "maxResHeight": 1080, "homeNetworkRestricted": false},
          "ads": {"stitcher": "NOWTILUS", "stitcherSessionId": "s-1", "clips": [
            {"title": "Preroll", "titleId": "ad_1", "category": "ad", "duration": 15000,
             "impressionUrlTemplates": ["https://ads.example.com/imp?id=1"],
             "videoClicks": {"clickThroughUrl": "https://brand.example.com", "clickTrackingUrls": ["https://ads.example.com/click?id=1"]},
             "trackingEvents": {"start": ["https://ads.example.com/start?id=1"], "firstQuartile": ["https://ads.example.com/q1?id=1"],
                                "midpoint": ["https://ads.example.com/mid?id=1"], "thirdQuartile": ["https://ads.example.com/q3?id=1"],
                                "complete": ["https://ads.example.com/done?id=1"]}},
            {"title": "The Long Night", "category": "vod", "duration": 5430000}
          ]},
          "sprites": [{"width": 160, "vtt": "https://cdn.example.com/c0ffee/sprites/160/index.vtt"}],
          "analytics": {"bucket": 3, "postInterval": 60, "tag": "default", "percentage": 100, "baseUrl": "https://events.example.com"},
          "cdn": {"host": "cdn.example.com", "profile": "default", "provider": "Akamai"},
          "epg": {"enabled": false, "entitlementCheck": false}
        }
        """#

    static let entitlementValidation = #"""
        {"status": "GEO_BLOCKED", "accountId": "acc_1", "productId": "EnigmaFVOD_enigma", "publicationId": "pub_1",
         "streamInfo": {"live": true, "static": false, "channelId": "channel_1", "programId": "prog_1"}, "paymentDone": false}
        """#

    static let credentials = #"""
        {"sessionToken": "crm_9|acc_1|user_1|aGVsbG8|1764400000000|1764486400000|false",
         "crmToken": "crm_9", "accountId": "acc_1", "accountStatus": "Active",
         "expirationDateTime": "2025-11-30T07:06:40.000Z", "isOverTheMaxNumberOfDevices": false,
         "userProfile": {"username": "alice@example.com", "displayName": "Alice", "emailAddress": "alice@example.com", "language": "en"}}
        """#
}

/// Decodes a fixture with Exposure's coders.
func decode<Value: Decodable>(_ type: Value.Type, _ json: String) throws -> Value {
    try ExposureJSON.decode(type, from: Data(json.utf8))
}
