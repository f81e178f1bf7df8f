import Clocks
import ExposureModels
import Foundation

/// Cross-file and semantic checks on decoded fixtures: what JSON decoding alone cannot see.
/// Each problem names the file, the JSON path and says in a sentence what is wrong.
enum FixtureValidator {
    /// The problems of `catalog`, whose files in `undecoded` are not checked and whose missing
    /// entries there are not reported again as dangling references; a fault rule's stream
    /// target is checked at `now`, the platform's time.
    static func problems(in catalog: Catalog, undecoded: Undecoded = Undecoded(), at now: WallTime) -> [FixtureProblem] {
        (undecoded.files.contains(platformFile) ? [] : platformProblems(catalog) + faultProblems(catalog, at: now))
            + userProblems(catalog, undecoded)
            + assetProblems(catalog, undecoded) + adProblems(catalog, undecoded)
            + (undecoded.files.contains(mediaFile) ? [] : mediaProblems(catalog))
    }

    /// What the loader could not decode, so that the checks do not report its absence again.
    struct Undecoded {
        /// Files not decoded at all.
        var files: Set<String> = []
        /// The ids of entries that could not be decoded.
        var ids: Set<String> = []

        /// Whether a reference to `id` of `file` may point at something that did not decode.
        func excuses(_ id: String, in file: String) -> Bool { files.contains(file) || ids.contains(id) }
    }

    static let platformFile = "catalog/platform.json"
    static let usersFile = "catalog/users.json"
    static let assetsFile = "catalog/assets.json"
    static let adsFile = "catalog/ads.json"
    static let mediaFile = "media/media.json"

    /// Collects problems of one file, paths relative to `$`.
    struct Reporter {
        let file: String
        private(set) var problems: [FixtureProblem] = []

        init(_ file: String) { self.file = file }

        mutating func report(_ path: String, _ message: String) {
            problems.append(FixtureProblem(file: file, path: "$" + path, message: message))
        }

        /// Reports `value` unless it lies in `range`: every number the platform computes with is
        /// bounded, so no fixture can make its arithmetic overflow or its streams grow without end.
        mutating func check<Value: BinaryInteger>(_ path: String, _ value: Value, in range: ClosedRange<Value>, _ what: String) {
            guard !range.contains(value) else { return }
            report(path, "\(what) must be from \(range.lowerBound) to \(range.upperBound), not \(value).")
        }
    }

    /// Ten years in minutes: the longest lifetime of a session, play token or license.
    static let tenYearsMinutes = 10 * 365 * 24 * 60

    private static func platformProblems(_ catalog: Catalog) -> [FixtureProblem] {
        var reporter = Reporter(platformFile)
        let settings = catalog.settings
        for (key, value) in [("customer", settings.customer), ("businessUnit", settings.businessUnit)] where !isPathSegment(value) {
            reporter.report(".\(key)", "The \(key) appears in every API path: it must be non-empty, without '/', '?', '#', '%' or spaces.")
        }
        if settings.clientCountry.count != 2 || !settings.clientCountry.allSatisfy({ $0.isASCII && $0.isUppercase }) {
            reporter.report(".clientCountry", "The client country must be an ISO 3166 code of two capital letters, like \"SE\".")
        }
        for (key, minutes) in [
            ("sessionLifetimeMinutes", settings.sessionLifetimeMinutes),
            ("rememberMeSessionLifetimeMinutes", settings.rememberMeSessionLifetimeMinutes),
            ("playTokenLifetimeMinutes", settings.playTokenLifetimeMinutes)
        ] {
            reporter.check(".\(key)", minutes, in: 1...tenYearsMinutes, "A lifetime in minutes")
        }
        if let analytics = settings.analytics {
            if let percentage = analytics.percentage, !(0...100).contains(percentage) {
                reporter.report(".analytics.percentage", "The sampling percentage must be from 0 to 100.")
            }
            if let interval = analytics.postInterval, !(1...600).contains(interval) {
                reporter.report(
                    ".analytics.postInterval",
                    "The post interval is in seconds, from 1 to 600 (Exposure's default is 60); \(interval) is not.")
            }
        }
        return reporter.problems
    }

    private static func userProblems(_ catalog: Catalog, _ undecoded: Undecoded) -> [FixtureProblem] {
        var reporter = Reporter(usersFile)
        var usernames: Set<String> = []
        var accounts: Set<String> = []
        var userIds: Set<String> = []
        for (index, user) in catalog.usersInFileOrder.enumerated() {
            let at = "[\(index)]"
            if user.username.isEmpty { reporter.report(at + ".username", "A username cannot be empty.") }
            if user.password.isEmpty { reporter.report(at + ".password", "A password cannot be empty.") }
            if !usernames.insert(user.username).inserted {
                reporter.report(at + ".username", "The username \"\(user.username)\" is used twice.")
            }
            if !accounts.insert(user.accountId).inserted {
                reporter.report(at + ".accountId", "The account id \"\(user.accountId)\" is used twice.")
            }
            if !userIds.insert(user.userId).inserted {
                reporter.report(at + ".userId", "The user id \"\(user.userId)\" is used twice.")
            }
            for (key, value) in [("accountId", user.accountId), ("userId", user.userId)] where value.isEmpty || value.contains("|") {
                reporter.report(at + ".\(key)", "The \(key) goes into session tokens: it must be non-empty and without '|'.")
            }
            if let limit = user.concurrentStreamsLimit, limit < 1 {
                reporter.report(at + ".concurrentStreamsLimit", "A stream limit must be at least 1.")
            }
            for (assetId, offset) in (user.bookmarks ?? [:]).sorted(by: { $0.key < $1.key }) {
                guard let asset = catalog.assetsById[assetId] else {
                    if undecoded.excuses(assetId, in: assetsFile) { continue }
                    reporter.report(at + ".bookmarks.\(assetId)", "The bookmark refers to an unknown asset \"\(assetId)\".")
                    continue
                }
                if offset < 0 || offset > (asset.asset.duration ?? .max) {
                    reporter.report(
                        at + ".bookmarks.\(assetId)",
                        "The bookmark must lie within the asset's duration (0…\(asset.asset.duration ?? 0) ms).")
                }
            }
        }
        return reporter.problems
    }

    private static func adProblems(_ catalog: Catalog, _ undecoded: Undecoded) -> [FixtureProblem] {
        var reporter = Reporter(adsFile)
        var seen: Set<String> = []
        for (index, ad) in catalog.adsInFileOrder.enumerated() {
            if !seen.insert(ad.id).inserted { reporter.report("[\(index)].id", "The ad id \"\(ad.id)\" is used twice.") }
            if !undecoded.files.contains(mediaFile), catalog.media.ad(ad.id) == nil {
                reporter.report("[\(index)].id", "The ad \"\(ad.id)\" has no media in media/media.json.")
            }
            if let url = ad.clickThroughUrl, URL(string: url)?.scheme == nil {
                reporter.report("[\(index)].clickThroughUrl", "The click-through URL must be an absolute URL.")
            }
        }
        return reporter.problems
    }

    private static func mediaProblems(_ catalog: Catalog) -> [FixtureProblem] {
        var reporter = Reporter(mediaFile)
        let media = catalog.media
        reporter.check(".segmentDurationMs", media.segmentDuration.wholeMilliseconds, in: 100...60_000, "The segment duration in ms")
        if (.milliseconds(100)...Duration.seconds(60)).contains(media.segmentDuration),
            !(1...3_600).contains(media.targetDuration)
                || .seconds(media.targetDuration) < media.segmentDuration
        {
            reporter.report(".targetDuration", "The target duration (seconds, up to 3600) must be at least the segment duration.")
        }
        if media.reel.segmentCount < 1 || media.reel.duration <= .zero {
            reporter.report(".reel", "The reel needs at least one segment and a positive duration.")
        }
        var widths: Set<Int> = []
        for (index, sprite) in media.sprites.enumerated() where sprite.width <= 0 || !widths.insert(sprite.width).inserted {
            reporter.report(".sprites[\(index)].width", "Sprite widths must be positive and different from each other.")
        }
        for (index, ad) in media.ads.enumerated() where ad.duration <= .zero {
            reporter.report(".ads[\(index)].durationMs", "An ad's media must have a positive duration.")
        }
        return reporter.problems
    }

    /// Whether `text` can be one segment of a URL path as is.
    static func isPathSegment(_ text: String) -> Bool {
        !text.isEmpty && !text.contains { "/?#%".contains($0) || $0 == " " }
    }
}
