import ExposureModels
import Foundation
import Testing

@Suite("Decoding assets")
struct AssetDecodingTests {
    @Test func decodesEveryFieldWeModelAndIgnoresTheRest() throws {
        let asset = try decode(Asset.self, Fixtures.asset)

        #expect(asset.assetId == "c0ffee11-movie_82162E")
        #expect(asset.type == "MOVIE")
        #expect(asset.duration == 5_430_000)
        #expect(asset.live == false)
        #expect(asset.created == Date(timeIntervalSince1970: 1_552_382_504.512))
        #expect(asset.tags?.first?.tagValues?.first?.tagId == "drama")
        #expect(asset.title(locale: "sv") == "Den långa natten")
        #expect(asset.title(locale: "fi") == "The Long Night")
        let image = try #require(asset.localized?.first?.images?.first)
        #expect(
            image
                == LocalizedData.Image(
                    url: "https://img.example.com/c0ffee/cover.jpg", width: 1920, height: 1080, orientation: "LANDSCAPE", type: "cover"))
        let publication = try #require(asset.publications?.first)
        #expect(publication.countries == ["SE", "NO"])
        #expect(publication.products == ["EnigmaFVOD_enigma"])
        #expect(publication.toDate == Date(timeIntervalSince1970: 1_893_452_400))
        #expect(publication.isActive(at: Date(timeIntervalSince1970: 1_764_400_000)))
        #expect(asset.medias?.map(\.mediaId) == ["media_hls_1", "media_trailer"])
        #expect(asset.medias?.last?.materialProfile == "TRAILER")
        #expect(
            asset.markerPoints == [
                AdMarker(type: "INTRO", offset: 0, endOffset: 42_000),
                AdMarker(type: "CREDITS", offset: 5_280_000, title: "Credits")
            ])
        #expect(asset.markerPoints?.first.map { [$0.start, $0.end] } == [.zero, .seconds(42)])
        #expect(asset.markerPoints?.last?.end == nil)
        #expect(asset.userData?.playHistory == PlayHistory(lastViewedOffset: 1_200_000, lastViewedTime: 1_717_228_800_000))
    }

    @Test func decodesAPageOfAssets() throws {
        let list = try decode(AssetList.self, Fixtures.assetList)

        #expect(list.totalCount == 3)
        #expect(list.pageSize == 2)
        #expect(list.pageNumber == 1)
        #expect(list.items.map(\.assetId) == ["channel_1", "movie_2"])
        #expect(list.items[0].title() == "News 24")
    }

    @Test func anAssetNeedsOnlyItsId() throws {
        #expect(try decode(Asset.self, #"{"assetId": "bare"}"#) == Asset(assetId: "bare"))
    }

    @Test func anAssetWithoutIdIsRejected() {
        #expect(throws: DecodingError.self) {
            try decode(Asset.self, #"{"type": "MOVIE", "originalTitle": "No id"}"#)
        }
    }

    @Test func aMalformedDateIsRejected() {
        #expect(throws: DecodingError.self) {
            try decode(Asset.self, #"{"assetId": "a", "created": "yesterday"}"#)
        }
    }
}
