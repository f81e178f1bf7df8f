import Clocks
import HLS

/// Checks a stream fault's target against the catalog and the clock when the rule is added, and
/// turns it into what requests are matched against: the asset must exist, the rendition must be
/// on the ladder, the segment must be in (or, on live, about to enter) the stream's window.
struct StreamTargetResolver {
    let loaded: LoadedCatalog
    let now: WallTime

    /// The target as matched: nil fields match anything.
    struct Match: Sendable, Equatable {
        let assetId: String?
        let playSessionId: String?
        let clientAddress: String?
        let part: StreamTarget.Part
        let sequence: Int?
        /// The key struck (part `key` with a segment named: that segment's key); nil: any.
        let keyId: String?
        /// The renditions struck; nil: all of them.
        let renditions: Set<RenditionKey>?

        func matches(_ request: StreamRequest) -> Bool {
            request.part == part && (assetId.map { $0 == request.assetId } ?? true)
                && (playSessionId.map { $0 == request.playSessionId } ?? true)
                && (clientAddress.map { $0 == request.clientAddress } ?? true)
                && (renditions.map { struck in request.rendition.map(struck.contains) ?? false } ?? true)
                && (keyId.map { $0 == request.keyId } ?? true)
                && (part != .segments || sequence.map { $0 == request.sequence } ?? true)
        }
    }

    /// `rule`'s target resolved: the match, and the target as the rule in force shows it (a
    /// segment named by time or by "from now" given as its sequence number).
    /// - Throws: `FaultRuleError` naming what the catalog or the window lacks.
    func resolve(_ rule: FaultRule) throws(FaultRuleError) -> (match: Match, target: StreamTarget) {
        guard var target = rule.stream else { throw FaultRuleError(message: "stream is missing.") }
        let part: StreamTarget.Part = rule.playlist != nil ? .playlist : target.part ?? .segments
        if rule.playlist != nil, let named = target.part, named != .playlist {
            throw FaultRuleError(message: "playlist changes strike the media playlist: leave stream.part out or set it to playlist.")
        }
        let choices = [target.sequence != nil, target.segmentsFromNow != nil, target.atSeconds != nil].filter { $0 }.count
        if choices > 1 { throw FaultRuleError(message: "Name the segment one way: stream.sequence, segmentsFromNow or atSeconds.") }
        if choices == 1 {
            guard let assetId = target.assetId else {
                throw FaultRuleError(message: "A segment is named within one stream: stream.assetId is required with a segment.")
            }
            target.sequence = try sequence(of: target, in: assetId)
            target.segmentsFromNow = nil
            target.atSeconds = nil
        } else if let assetId = target.assetId, loaded.catalog.assetsById[assetId] == nil {
            throw FaultRuleError(message: "stream.assetId \(assetId) is no asset or channel of the catalog.")
        }
        if rule.playlist?.needsSequence == true, target.sequence == nil {
            throw FaultRuleError(message: "gap and removeSegment strike one segment: give stream.sequence, segmentsFromNow or atSeconds.")
        }
        let keyId = part == .key ? try self.keyId(of: target) : nil
        let match = Match(
            assetId: target.assetId, playSessionId: target.playSessionId, clientAddress: target.clientAddress, part: part,
            sequence: target.sequence, keyId: keyId,
            renditions: try renditions(of: target))
        return (match, target)
    }

    /// For a key rule: the id of the key the named segment has, nil when no segment is named.
    /// - Throws: `FaultRuleError` for a clear stream (it has no keys) or a rendition (a key
    ///   serves them all).
    private func keyId(of target: StreamTarget) throws(FaultRuleError) -> String? {
        if target.bandwidth != nil || target.resolution != nil || target.group != nil {
            throw FaultRuleError(message: "A key serves every rendition: stream.part key takes no bandwidth, resolution or group.")
        }
        guard let assetId = target.assetId else { return nil }
        guard let keys = StreamKeys(assetId: assetId, loaded: loaded) else {
            throw FaultRuleError(message: "\(assetId) is not encrypted: its stream has no keys to strike.")
        }
        guard let sequence = target.sequence else { return nil }
        guard let start = SegmentEncryption.segmentStart(sequence, asset: assetId, loaded: loaded) else {
            throw FaultRuleError(message: "stream.sequence \(sequence) is no segment of \(assetId).")
        }
        return keys.keyID(segmentStart: start).text
    }

    /// The media sequence number the target names, checked against the window of `assetId`.
    private func sequence(of target: StreamTarget, in assetId: String) throws(FaultRuleError) -> Int {
        guard let entry = loaded.catalog.assetsById[assetId] else {
            throw FaultRuleError(message: "stream.assetId \(assetId) is no asset or channel of the catalog.")
        }
        let streams = StreamResolver(loaded: loaded, now: now)
        let segmentMs = loaded.catalog.media.segmentDuration.wholeMilliseconds
        if let live = streams.live(channelId: assetId) {
            let window = live.sequences
            // Segments about to be published count too: a test aims at what a player will fetch.
            let reachable = window.lowerBound...(window.upperBound + window.count)
            if target.atSeconds != nil {
                throw FaultRuleError(message: "\(assetId) is a live channel: name its segment by sequence or segmentsFromNow.")
            }
            if let fromNow = target.segmentsFromNow {
                guard (1...window.count).contains(fromNow) else {
                    throw FaultRuleError(message: "stream.segmentsFromNow must be from 1 to \(window.count) (one window ahead).")
                }
                return window.upperBound + fromNow
            }
            let sequence = target.sequence ?? 0
            guard reachable.contains(sequence) else {
                throw FaultRuleError(
                    message:
                        "stream.sequence \(sequence) is outside the window of \(assetId): \(window.lowerBound)…\(window.upperBound) now,"
                        + " up to \(reachable.upperBound) one window ahead.")
            }
            return sequence
        }
        let bounded = entry.mock.ssai != nil ? streams.ssai(assetId: assetId) : streams.vod(assetId: assetId, material: "default")
        guard let window = bounded?.sequences else {
            throw FaultRuleError(message: "\(assetId) has no VOD or live stream whose segments can be named.")
        }
        if target.segmentsFromNow != nil {
            throw FaultRuleError(message: "\(assetId) is not live: name its segment by sequence or atSeconds.")
        }
        let sequence: Int
        if let atSeconds = target.atSeconds {
            guard atSeconds.isFinite, atSeconds >= 0, atSeconds < Double(window.count) * Double(segmentMs) / 1000 else {
                throw FaultRuleError(
                    message:
                        "stream.atSeconds must be from 0 to under \(Double(window.count) * Double(segmentMs) / 1000), the length of \(assetId)."
                )
            }
            sequence = window.lowerBound + Int(atSeconds * 1000) / Int(segmentMs)
        } else {
            sequence = target.sequence ?? 0
        }
        guard window.contains(sequence) else {
            throw FaultRuleError(
                message: "stream.sequence \(sequence) is outside the window of \(assetId): \(window.lowerBound)…\(window.upperBound).")
        }
        return sequence
    }

    /// The renditions the target names (nil: all), from the master playlist's ladder.
    private func renditions(of target: StreamTarget) throws(FaultRuleError) -> Set<RenditionKey>? {
        let byVariant = [target.bandwidth != nil, target.resolution != nil].filter { $0 }.count
        if byVariant + (target.group != nil ? 1 : 0) > 1 {
            throw FaultRuleError(message: "Name the rendition one way: stream.bandwidth, resolution or group.")
        }
        if target.language != nil, target.group == nil {
            throw FaultRuleError(message: "stream.language picks a rendition within stream.group: give the group too.")
        }
        let master = MasterPlaylistBuilder.playlist(media: loaded.catalog.media, audioOnly: false)
        let video = master.variants.filter { $0.resolution != nil }
        if let bandwidth = target.bandwidth {
            guard let variant = video.first(where: { $0.bandwidth == bandwidth }), let key = RenditionKey(path: variant.uri) else {
                throw FaultRuleError(
                    message:
                        "No variant has BANDWIDTH \(bandwidth); the ladder has \(video.map { String($0.bandwidth) }.joined(separator: ", "))."
                )
            }
            return [key]
        }
        if let resolution = target.resolution {
            guard let variant = video.first(where: { $0.resolution.map { "\($0.width)x\($0.height)" } == resolution }),
                let key = RenditionKey(path: variant.uri)
            else {
                let known = video.compactMap { $0.resolution.map { "\($0.width)x\($0.height)" } }
                throw FaultRuleError(
                    message: "No variant has RESOLUTION \(resolution); the ladder has \(known.joined(separator: ", ")).")
            }
            return [key]
        }
        guard let group = target.group else { return nil }
        let members = master.renditions.filter { $0.groupID == group }
        guard !members.isEmpty else {
            let groups = Set(master.renditions.map(\.groupID)).sorted()
            throw FaultRuleError(message: "No rendition group \(group); the stream has \(groups.joined(separator: ", ")).")
        }
        let chosen = members.filter { rendition in target.language.map { rendition.language == $0 } ?? true }
        guard !chosen.isEmpty else {
            let languages = members.compactMap(\.language)
            throw FaultRuleError(
                message: "Group \(group) has no language \(target.language ?? ""); it has \(languages.joined(separator: ", ")).")
        }
        return Set(chosen.compactMap { $0.uri.flatMap(RenditionKey.init(path:)) })
    }
}
