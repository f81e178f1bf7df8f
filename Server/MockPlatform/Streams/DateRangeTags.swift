import Clocks
import HLS

/// The EXT-X-DATERANGE tags of a program or an ad break.
enum DateRangeTags {
    static let programClass = "com.redbeemedia.program"
    static let adClass = "com.redbeemedia.ad"

    static func tags(for range: StreamDateRange) -> [DateRange] {
        let start = HLSDate(range.start)
        let length = HLSDuration.milliseconds((range.end - range.start).wholeMilliseconds)
        switch range.kind {
        case .program(let programId, let assetId, let title):
            return [
                DateRange(
                    id: range.id, rangeClass: programClass, startDate: start,
                    endDate: HLSDate(range.end),
                    clientAttributes: [
                        ClientAttribute(name: "X-PROGRAM-ID", value: .string(programId)),
                        ClientAttribute(name: "X-ASSET-ID", value: .string(assetId)),
                        ClientAttribute(name: "X-TITLE", value: .string(title))
                    ])
            ]
        case .adBreak(let adIds, let clickThroughUrl):
            var attributes = [ClientAttribute(name: "X-AD-ID", value: .string(adIds.joined(separator: ",")))]
            if let clickThroughUrl { attributes.append(ClientAttribute(name: "X-AD-URL", value: .string(clickThroughUrl))) }
            let eventId = UInt32(truncatingIfNeeded: range.start.secondsSince1970)
            let out = DateRange(
                id: range.id, rangeClass: adClass, startDate: start, plannedDuration: length,
                scte35Out: SCTE35.spliceOut(eventId: eventId, at: range.start, duration: range.end - range.start),
                clientAttributes: attributes)
            guard range.isClosed else { return [out] }
            let back = DateRange(
                id: range.id, rangeClass: adClass, startDate: start, duration: length,
                scte35In: SCTE35.spliceIn(eventId: eventId, at: range.end), clientAttributes: attributes)
            return [out, back]
        }
    }
}
