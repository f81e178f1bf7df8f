import ExposurePlayback
import HLS
import Testing

/// Date ranges as the app sees them: one per ID, filtered by the app's identifiers.
@Suite struct DateRangeMetadataTests {
    static let start = HLSDate(millisecondsSince1970: 1_700_000_000_000)

    /// An ad break as SCTE-35 streams write it: the OUT tag, then the same ID with the real duration.
    static let adBreak = [
        DateRange(
            id: "ad-1", rangeClass: "ad", startDate: start, plannedDuration: .seconds(30),
            clientAttributes: [ClientAttribute(name: "X-AD-ID", value: .string("a1"))]),
        DateRange(id: "program-1", startDate: start, duration: .seconds(600)),
        DateRange(
            id: "ad-1", startDate: start, duration: .seconds(28),
            clientAttributes: [ClientAttribute(name: "X-COM-ID", value: .string("c1"))])
    ]

    @Test func tagsSharingAnIdAreOneRange() {
        let catalog = DateRangeMetadata.catalog(Self.adBreak, identifiers: [])
        #expect(catalog.map(\.id) == ["ad-1", "program-1"])
        #expect(catalog[0].rangeClass == "ad")
        #expect(catalog[0].end == WallTime(millisecondsSince1970: 1_700_000_028_000))
        #expect(catalog[0].attributes == ["X-AD-ID": "a1", "X-COM-ID": "c1"])
    }

    @Test func identifiersKeepOnlyRangesThatCarryThem() {
        let catalog = DateRangeMetadata.catalog(Self.adBreak, identifiers: ["X-COM-ID"])
        #expect(catalog.map(\.id) == ["ad-1"])
        #expect(catalog[0].attributes == ["X-COM-ID": "c1"])
    }
}
