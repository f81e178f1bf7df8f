import Clocks
import ExposureModels

/// The `mock` key of an asset in `assets.json`: how the mock plays it. Never sent to clients.
package struct MockAssetSettings: Codable, Sendable, Equatable {
    /// Restrictions sent in the entitlement.
    package var contractRestrictions: ContractRestrictions?
    /// The stream has no video (podcasts, radio).
    package var audioOnly: Bool?
    /// Extra material profiles besides the default, e.g. `["TRAILER"]`.
    package var materialProfiles: [String]?
    /// Server-side ads stitched into a VOD stream.
    package var ssai: SSAISettings?
    /// Live channel settings; present on `TV_CHANNEL` assets.
    package var channel: ChannelSettings?
    /// Live event settings; present on `LIVE_EVENT` assets.
    package var event: EventSettings?
    /// Present when the asset may be downloaded for offline playback.
    package var download: DownloadSettings?
    /// How its segments are encrypted as served; nil (the default): clear.
    package var encryption: StreamEncryption?

    /// Empty settings.
    package init(
        contractRestrictions: ContractRestrictions? = nil, audioOnly: Bool? = nil, materialProfiles: [String]? = nil,
        ssai: SSAISettings? = nil, channel: ChannelSettings? = nil, event: EventSettings? = nil, download: DownloadSettings? = nil,
        encryption: StreamEncryption? = nil
    ) {
        self.contractRestrictions = contractRestrictions
        self.audioOnly = audioOnly
        self.materialProfiles = materialProfiles
        self.ssai = ssai
        self.channel = channel
        self.event = event
        self.download = download
        self.encryption = encryption
    }
}

/// How an asset's segments are encrypted (`mock.encryption` in `assets.json`).
public enum StreamEncryption: String, Codable, Sendable, Equatable {
    /// HLS `METHOD=AES-128`: each segment AES-128-CBC encrypted as a whole, its key from the
    /// mock's key server for a valid play token (docs/streams.md, "Encryption and keys").
    case aes128 = "AES-128"
}

/// How an asset may be downloaded: how often per account, and how long a license lasts.
package struct DownloadSettings: Codable, Sendable, Equatable {
    /// Completed downloads an account may have of the asset at once (`DELETE …/downloads` frees them).
    package var maxDownloadCount: Int
    /// How long a download's license lasts from its download or last renewal, hours; never past
    /// the publication's end.
    package var licenseLifetimeHours: Int

    /// Settings.
    package init(maxDownloadCount: Int, licenseLifetimeHours: Int) {
        self.maxDownloadCount = maxDownloadCount
        self.licenseLifetimeHours = licenseLifetimeHours
    }
}

/// Which ad creatives are stitched into an SSAI asset, and where.
package struct SSAISettings: Codable, Sendable, Equatable {
    /// Ads before the content, by creative id (see `ads.json`).
    package var preroll: [String]
    /// Ad breaks inside the content.
    package var midrolls: [Midroll]

    /// One mid-roll break.
    package struct Midroll: Codable, Sendable, Equatable {
        /// Where in the content the break goes, rounded down to a segment boundary
        /// (`contentOffsetMs` on the wire: whole milliseconds).
        package var contentOffset: Duration { wireContentOffset.duration }
        private var wireContentOffset: WireMilliseconds
        /// The creatives, by id.
        package var ads: [String]

        /// A break of `ads` at `contentOffset` into the content.
        package init(contentOffset: Duration, ads: [String]) {
            wireContentOffset = WireMilliseconds(contentOffset)
            self.ads = ads
        }

        /// The wire's names: the properties' own, but ``contentOffset``'s `contentOffsetMs`.
        private enum CodingKeys: String, CodingKey {
            case wireContentOffset = "contentOffsetMs"
            case ads
        }
    }
}

/// A live channel: its schedule and DVR behaviour.
package struct ChannelSettings: Codable, Sendable, Equatable {
    /// How far back the live stream can be rewound, minutes (0: no DVR).
    package var dvrWindowMinutes: Int
    /// Whether the player must re-check entitlement at program boundaries.
    package var entitlementCheck: Bool
    /// The programs, back to back, repeated forever from 1970-01-01T00:00Z.
    package var schedule: [ProgramSlot]
    /// An ad break in every program, when set.
    package var adBreak: AdBreakSettings?
}

/// The ad break a live channel airs in each program.
package struct AdBreakSettings: Codable, Sendable, Equatable {
    /// How far into each program the break starts, minutes (programs shorter than that have none).
    package var offsetMinutes: Int
    /// The creatives, by id (see `ads.json`), played back to back.
    package var ads: [String]
}

/// One program of a channel's repeating schedule.
package struct ProgramSlot: Codable, Sendable, Equatable {
    /// The program's title.
    package var title: String
    /// Its description.
    package var description: String?
    /// How long it runs, minutes.
    package var durationMinutes: Int
    /// How long it runs.
    var length: Duration { .seconds(60 * durationMinutes) }
    /// Catch-up is not allowed.
    package var catchupBlocked: Bool?
    /// Not shown on this platform: not entitled while it airs.
    package var blackout: Bool?
    /// Products needed to watch it, beyond the channel's (e.g. a sports add-on).
    package var requiredProducts: [String]?
}

/// A live event that recurs: it starts every `periodMinutes` (aligned to 1970-01-01T00:00Z) and
/// is live for `durationMinutes`, after which it stays available as a finished event.
package struct EventSettings: Codable, Sendable, Equatable {
    /// Minutes between starts.
    package var periodMinutes: Int
    /// Minutes live.
    package var durationMinutes: Int
    /// The time between one occurrence's start and the next one's.
    var period: Duration { .seconds(60 * periodMinutes) }
    /// How long each occurrence is live.
    var length: Duration { .seconds(60 * durationMinutes) }
}
