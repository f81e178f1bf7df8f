/// One rule of `hls-rules.md` that can be checked from playlist text, with a stable id
/// tests and logs can match on.
public struct HLSRule: Sendable, Hashable, Identifiable, CustomStringConvertible {
    /// Stable id, e.g. `media.targetduration.extinf`.
    public let id: String
    /// The rule as a sentence, in the words of `hls-rules.md`.
    public let sentence: String

    /// Creates a rule.
    public init(id: String, sentence: String) {
        self.id = id
        self.sentence = sentence
    }

    /// `id: sentence`.
    public var description: String { "\(id): \(sentence)" }
}

extension HLSRule {
    // MARK: Media playlists

    /// EXT-X-TARGETDURATION is present.
    public static let targetDurationPresent = HLSRule(
        id: "media.targetduration.present", sentence: "EXT-X-TARGETDURATION is present.")
    /// Every EXTINF rounds to at most the target duration (so no segment overruns it by more than 0.5 s).
    public static let targetDurationCoversSegments = HLSRule(
        id: "media.targetduration.extinf",
        sentence:
            "Every EXTINF rounded to the nearest integer is ≤ EXT-X-TARGETDURATION; a segment exceeds the target duration by at most 0.5 s."
    )
    /// One target duration for every playlist of a stream, forever.
    public static let targetDurationStable = HLSRule(
        id: "media.targetduration.stable",
        sentence: "The same target duration in every playlist of a stream, and it never changes over time.")
    /// MEDIA-SEQUENCE precedes the first segment.
    public static let mediaSequencePosition = HLSRule(
        id: "media.mediasequence.position", sentence: "EXT-X-MEDIA-SEQUENCE comes before the first segment.")
    /// DISCONTINUITY-SEQUENCE precedes the first segment and every DISCONTINUITY.
    public static let discontinuitySequencePosition = HLSRule(
        id: "media.discontinuitysequence.position",
        sentence: "EXT-X-DISCONTINUITY-SEQUENCE comes before the first segment and before any EXT-X-DISCONTINUITY.")
    /// PROGRAM-DATE-TIME carries milliseconds and a zone.
    public static let programDateTimeFormat = HLSRule(
        id: "media.pdt.format", sentence: "EXT-X-PROGRAM-DATE-TIME is written with milliseconds and a zone.")
    /// A PROGRAM-DATE-TIME follows every DISCONTINUITY.
    public static let programDateTimeAfterDiscontinuity = HLSRule(
        id: "media.pdt.discontinuity", sentence: "EXT-X-PROGRAM-DATE-TIME follows every EXT-X-DISCONTINUITY.")

    // MARK: Live, VOD, EVENT

    /// Live playlists have no PLAYLIST-TYPE.
    public static let livePlaylistTypeAbsent = HLSRule(
        id: "live.playlisttype.absent", sentence: "Live: no EXT-X-PLAYLIST-TYPE.")
    /// Live playlists have no ENDLIST.
    public static let liveEndListAbsent = HLSRule(id: "live.endlist.absent", sentence: "Live: no EXT-X-ENDLIST.")
    /// DISCONTINUITY-SEQUENCE is present once the stream had a discontinuity.
    public static let liveDiscontinuitySequencePresent = HLSRule(
        id: "live.discontinuitysequence.present",
        sentence: "Live: EXT-X-DISCONTINUITY-SEQUENCE is always present once the stream ever had a discontinuity.")
    /// At least six segments in a live window.
    public static let liveMinimumSegments = HLSRule(
        id: "live.segments.minimum", sentence: "Live: never fewer than 6 segments.")
    /// A live window lasts at least three target durations.
    public static let liveMinimumDuration = HLSRule(
        id: "live.duration.minimum", sentence: "Live: never shorter than 3 × target duration.")
    /// Every live playlist carries PROGRAM-DATE-TIME.
    public static let liveProgramDateTimePresent = HLSRule(
        id: "live.pdt.present", sentence: "EXT-X-PROGRAM-DATE-TIME in every live playlist.")
    /// VOD playlists say so and are ended.
    public static let vodTags = HLSRule(
        id: "vod.tags", sentence: "VOD: EXT-X-PLAYLIST-TYPE:VOD and EXT-X-ENDLIST.")
    /// EVENT playlists say so.
    public static let eventPlaylistType = HLSRule(
        id: "event.playlisttype", sentence: "EVENT: EXT-X-PLAYLIST-TYPE:EVENT.")

    // MARK: Reloads

    /// MEDIA-SEQUENCE never decreases between reloads.
    public static let reloadMediaSequenceMonotonic = HLSRule(
        id: "reload.mediasequence.monotonic", sentence: "Live: MEDIA-SEQUENCE never decreases.")
    /// MEDIA-SEQUENCE grows by exactly the number of removed segments.
    public static let reloadMediaSequenceCountsRemovals = HLSRule(
        id: "reload.mediasequence.removed", sentence: "Live: MEDIA-SEQUENCE grows by one per removed segment.")
    /// A media sequence number names the same segment in every reload.
    public static let reloadSegmentContinuity = HLSRule(
        id: "reload.segment.continuity",
        sentence: "A media sequence number always names the same segment (same URI, duration and discontinuity).")
    /// Segments leave from the start only.
    public static let reloadRemovesFromStart = HLSRule(
        id: "reload.segments.start",
        sentence: "Segments are removed from the start of the playlist only, never from its end.")
    /// DISCONTINUITY-SEQUENCE grows by exactly the number of removed discontinuities.
    public static let reloadDiscontinuitySequenceCountsRemovals = HLSRule(
        id: "reload.discontinuitysequence.removed",
        sentence: "Live: DISCONTINUITY-SEQUENCE grows by one per removed discontinuity.")
    /// VOD playlists never change.
    public static let vodUnchanged = HLSRule(id: "vod.reload.unchanged", sentence: "VOD: the playlist never changes.")
    /// EVENT playlists only grow, and not after ENDLIST.
    public static let eventAppendOnly = HLSRule(
        id: "event.reload.appendonly", sentence: "EVENT: append-only; nothing changes once it ends with EXT-X-ENDLIST.")

    // MARK: Playlist Delta Updates (RFC 8216bis §4.4.3.8, §4.4.5.2, §6.2.5.1)

    /// The Skip Boundary is at least six target durations.
    public static let serverControlSkipBoundary = HLSRule(
        id: "servercontrol.canskipuntil.minimum",
        sentence: "EXT-X-SERVER-CONTROL: CAN-SKIP-UNTIL (the Skip Boundary) is at least six times the target duration.")
    /// EXT-X-SKIP only where a delta update can be: a changing playlist that offers them.
    public static let skipInDeltaUpdateOnly = HLSRule(
        id: "skip.deltaupdate",
        sentence:
            "EXT-X-SKIP appears only in a Playlist Delta Update: a playlist without EXT-X-ENDLIST whose EXT-X-SERVER-CONTROL has CAN-SKIP-UNTIL."
    )
    /// EXT-X-SKIP needs protocol version 9 (10 when it skips DATERANGEs).
    public static let skipVersion = HLSRule(
        id: "skip.version",
        sentence:
            "A playlist with EXT-X-SKIP has EXT-X-VERSION 9 or higher, 10 or higher when it also skips DATERANGE tags (RECENTLY-REMOVED-DATERANGES)."
    )
    /// One EXT-X-SKIP, before the segments.
    public static let skipPosition = HLSRule(
        id: "skip.position", sentence: "EXT-X-SKIP appears at most once, before the first media segment.")
    /// Nothing within the Skip Boundary is skipped.
    public static let skipBoundary = HLSRule(
        id: "skip.boundary",
        sentence:
            "EXT-X-SKIP replaces only segments older than the Skip Boundary: the segments listed after it last at least CAN-SKIP-UNTIL.")
    /// The skipped segments are the previous load's.
    public static let skipMergeable = HLSRule(
        id: "skip.reload.available",
        sentence: "The segments EXT-X-SKIP replaces (SKIPPED-SEGMENTS of them from EXT-X-MEDIA-SEQUENCE on) are all in the previous load.")
    /// Merged, a delta update is the full playlist.
    public static let skipMatchesFullPlaylist = HLSRule(
        id: "skip.reload.full",
        sentence:
            "A Playlist Delta Update merged into the previous load equals the full playlist: MEDIA-SEQUENCE, DISCONTINUITY-SEQUENCE, segments and DATERANGE tags."
    )

    // MARK: Across variants

    /// Discontinuities sit at the same media sequence numbers in every variant.
    public static let variantsDiscontinuitiesAligned = HLSRule(
        id: "variants.discontinuity.aligned",
        sentence: "Discontinuities are aligned across variants (same media sequence numbers).")

    // MARK: EXT-X-DATERANGE

    /// DATERANGE has a quoted ID.
    public static let dateRangeIDRequired = HLSRule(id: "daterange.id.required", sentence: "DATERANGE: ID (quoted) is required.")
    /// DATERANGE has a START-DATE.
    public static let dateRangeStartDateRequired = HLSRule(
        id: "daterange.startdate.required", sentence: "DATERANGE: START-DATE is required.")
    /// END-DATE is not before START-DATE.
    public static let dateRangeEndAfterStart = HLSRule(
        id: "daterange.enddate.order", sentence: "DATERANGE: END-DATE ≥ START-DATE.")
    /// DURATION and PLANNED-DURATION are not negative.
    public static let dateRangeDurationNonNegative = HLSRule(
        id: "daterange.duration.nonnegative", sentence: "DATERANGE: DURATION and PLANNED-DURATION ≥ 0.")
    /// Client attribute names are X- followed by A-Z, 0-9 and '-'.
    public static let dateRangeClientAttributeName = HLSRule(
        id: "daterange.clientattribute.name",
        sentence: "DATERANGE: client attributes are named X-<NAME> (A-Z, 0-9, '-').")
    /// END-ON-NEXT needs CLASS and excludes DURATION and END-DATE.
    public static let dateRangeEndOnNext = HLSRule(
        id: "daterange.endonnext", sentence: "DATERANGE: END-ON-NEXT=YES needs CLASS and forbids DURATION/END-DATE.")
    /// A playlist with DATERANGE has PROGRAM-DATE-TIME.
    public static let dateRangeNeedsProgramDateTime = HLSRule(
        id: "daterange.pdt.required",
        sentence: "A playlist with any DATERANGE contains at least one PROGRAM-DATE-TIME.")
    /// Tags of one ID agree on shared attributes.
    public static let dateRangeIDConsistent = HLSRule(
        id: "daterange.id.consistent", sentence: "Two DATERANGE tags with the same ID agree on every attribute they share.")
    /// END-DATE equals START-DATE + DURATION.
    public static let dateRangeEndMatchesDuration = HLSRule(
        id: "daterange.enddate.duration", sentence: "DATERANGE: END-DATE = START-DATE + DURATION.")
    /// Ranges of one class do not overlap.
    public static let dateRangeClassNoOverlap = HLSRule(
        id: "daterange.class.overlap", sentence: "DATERANGE: ranges of the same CLASS do not overlap.")
    /// An ID keeps naming the same range across reloads.
    public static let dateRangeIDNotReused = HLSRule(
        id: "daterange.id.reuse", sentence: "A DATERANGE ID is never reused for another range.")
    /// A range stays while it maps to a segment.
    public static let dateRangeNotRemovedEarly = HLSRule(
        id: "daterange.reload.removed",
        sentence: "A DATERANGE is not removed while any of its dates still maps to a segment in the playlist.")
    /// A planned range gets a closing tag when it ends.
    public static let dateRangePlannedClosed = HLSRule(
        id: "daterange.planned.closed",
        sentence: "When a PLANNED-DURATION range really ends, a tag with the same ID and DURATION/END-DATE is added.")
    /// SCTE-35 OUT and IN of a break share an ID.
    public static let dateRangeSCTE35Paired = HLSRule(
        id: "daterange.scte35.pair", sentence: "SCTE-35 OUT and IN of one break share one ID.")

    // MARK: Multivariant playlists

    /// Every variant has the five attributes players pick by.
    public static let variantAttributes = HLSRule(
        id: "master.variant.attributes",
        sentence:
            "EXT-X-STREAM-INF: BANDWIDTH, AVERAGE-BANDWIDTH, CODECS, RESOLUTION and FRAME-RATE on every variant (RESOLUTION and FRAME-RATE on every variant with video)."
    )
    /// Groups named by variants exist.
    public static let variantGroupsExist = HLSRule(
        id: "master.variant.group",
        sentence: "Every AUDIO, VIDEO, SUBTITLES and CLOSED-CAPTIONS group a variant names has renditions (RFC 8216 §4.3.4.2).")
    /// TYPE, GROUP-ID and NAME on every rendition.
    public static let renditionRequiredAttributes = HLSRule(
        id: "master.media.required", sentence: "EXT-X-MEDIA: TYPE, GROUP-ID and NAME are required.")
    /// LANGUAGE on audio and subtitle renditions.
    public static let renditionLanguage = HLSRule(
        id: "master.media.language", sentence: "EXT-X-MEDIA: LANGUAGE on every audio and subtitle rendition.")
    /// NAMEs unique per group.
    public static let renditionNameUnique = HLSRule(
        id: "master.media.name.unique", sentence: "EXT-X-MEDIA: NAMEs are unique in a group.")
    /// At most one DEFAULT per group.
    public static let renditionSingleDefault = HLSRule(
        id: "master.media.default.single", sentence: "EXT-X-MEDIA: at most one DEFAULT=YES per group.")
    /// DEFAULT implies AUTOSELECT.
    public static let renditionDefaultAutoselect = HLSRule(
        id: "master.media.default.autoselect", sentence: "EXT-X-MEDIA: DEFAULT=YES implies AUTOSELECT=YES.")
    /// FORCED only on subtitles.
    public static let renditionForcedSubtitlesOnly = HLSRule(
        id: "master.media.forced", sentence: "EXT-X-MEDIA: FORCED only for SUBTITLES.")
    /// Closed captions have no URI.
    public static let renditionClosedCaptionsNoURI = HLSRule(
        id: "master.media.closedcaptions.uri", sentence: "EXT-X-MEDIA: no URI on CLOSED-CAPTIONS.")

    // MARK: Keys (RFC 8216 §4.3.2.4, §4.3.4.5)

    /// METHOD is one of the three.
    public static let keyMethod = HLSRule(
        id: "key.method",
        sentence: "EXT-X-KEY and EXT-X-SESSION-KEY: METHOD is present and is NONE, AES-128 or SAMPLE-AES, written without quotes.")
    /// URI unless NONE; NONE alone.
    public static let keyURI = HLSRule(
        id: "key.uri",
        sentence:
            "EXT-X-KEY and EXT-X-SESSION-KEY: URI, a non-empty quoted string, is present unless METHOD is NONE; METHOD=NONE has no other attribute."
    )
    /// IV is a 128-bit hexadecimal sequence.
    public static let keyIV = HLSRule(
        id: "key.iv", sentence: "EXT-X-KEY and EXT-X-SESSION-KEY: IV is 0x followed by 32 hexadecimal digits (128 bits), without quotes.")
    /// KEYFORMAT and KEYFORMATVERSIONS are well formed.
    public static let keyFormat = HLSRule(
        id: "key.keyformat",
        sentence:
            "EXT-X-KEY and EXT-X-SESSION-KEY: KEYFORMAT is a non-empty quoted string; KEYFORMATVERSIONS a quoted list of positive integers separated by '/'."
    )
    /// The key in force of a live window's first segment is stated.
    public static let keyPosition = HLSRule(
        id: "key.position",
        sentence:
            "Live: a playlist that encrypts segments has a key tag before its first segment, so the key of every segment in the window stays in the playlist."
    )
    /// A session key announces a key.
    public static let sessionKeyMethod = HLSRule(
        id: "sessionkey.method", sentence: "EXT-X-SESSION-KEY: METHOD is not NONE.")
    /// A session key is one the media playlists use.
    public static let sessionKeyMatch = HLSRule(
        id: "sessionkey.match",
        sentence:
            "EXT-X-SESSION-KEY matches an EXT-X-KEY of the media playlists: the same METHOD, URI, IV, KEYFORMAT and KEYFORMATVERSIONS."
    )

    /// Every rule the validator checks.
    public static let all: [HLSRule] = [
        targetDurationPresent, targetDurationCoversSegments, targetDurationStable, mediaSequencePosition,
        discontinuitySequencePosition, programDateTimeFormat, programDateTimeAfterDiscontinuity,
        livePlaylistTypeAbsent, liveEndListAbsent, liveDiscontinuitySequencePresent, liveMinimumSegments,
        liveMinimumDuration, liveProgramDateTimePresent, vodTags, eventPlaylistType,
        reloadMediaSequenceMonotonic, reloadMediaSequenceCountsRemovals, reloadSegmentContinuity,
        reloadRemovesFromStart, reloadDiscontinuitySequenceCountsRemovals, vodUnchanged, eventAppendOnly,
        variantsDiscontinuitiesAligned,
        serverControlSkipBoundary, skipInDeltaUpdateOnly, skipVersion, skipPosition, skipBoundary, skipMergeable,
        skipMatchesFullPlaylist,
        dateRangeIDRequired, dateRangeStartDateRequired, dateRangeEndAfterStart, dateRangeDurationNonNegative,
        dateRangeClientAttributeName, dateRangeEndOnNext, dateRangeNeedsProgramDateTime, dateRangeIDConsistent,
        dateRangeEndMatchesDuration, dateRangeClassNoOverlap, dateRangeIDNotReused, dateRangeNotRemovedEarly,
        dateRangePlannedClosed, dateRangeSCTE35Paired,
        variantAttributes, variantGroupsExist, renditionRequiredAttributes, renditionLanguage,
        renditionNameUnique, renditionSingleDefault, renditionDefaultAutoselect, renditionForcedSubtitlesOnly,
        renditionClosedCaptionsNoURI,
        keyMethod, keyURI, keyIV, keyFormat, keyPosition, sessionKeyMethod, sessionKeyMatch
    ]
}
