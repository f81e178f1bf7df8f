import Foundation

/// The seed's callback forms of the sprite API (`activateSprites(…) { spritesData, error in }`,
/// `getSprite(time: "00:01:30", …) { image, startTime, endTime in }`).
extension Player {
    /// Activates the sprites of `assetId`, then calls back with every thumbnail, or the error.
    @discardableResult
    public func activateSprites(
        assetId: String, width: Int? = nil, quality: JPEGQuality = .high,
        callback: @escaping @Sendable ([SpriteImage]?, SpriteError?) -> Void
    ) -> Player {
        Task {
            do throws(SpriteError) {
                try await activateSprites(assetId: assetId, width: width, quality: quality)
                callback(sprites.images(assetId: assetId), nil)
            } catch {
                callback(nil, error)
            }
        }
        return self
    }

    /// Calls back at once with the thumbnail at `time` (`HH:MM:SS`, `MM:SS` or with `.mmm`)
    /// and its cue's start and end in seconds; all nil when the time is unreadable or no
    /// thumbnail covers it.
    @discardableResult
    public func getSprite(
        time: String, assetId: String, callback: (SpriteImage?, TimeInterval?, TimeInterval?) -> Void
    ) -> Player {
        guard let ms = Self.milliseconds(clockTime: time), let image = getSprite(time: ms, assetId: assetId) else {
            callback(nil, nil, nil)
            return self
        }
        callback(image, Double(image.start.wholeMilliseconds) / 1000, Double(image.end.wholeMilliseconds) / 1000)
        return self
    }

    /// `01:02:03.5` → 3 723 500; nil unless one to three `:`-separated fields of digits.
    static func milliseconds(clockTime text: String) -> Int64? {
        let fields = text.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...3).contains(fields.count) else { return nil }
        var seconds = 0.0
        for (index, field) in fields.enumerated() {
            let isLast = index == fields.count - 1
            guard let value = Double(field), value >= 0, field.allSatisfy({ $0.isNumber || (isLast && $0 == ".") }) else { return nil }
            seconds = seconds * 60 + value
        }
        return Int64((seconds * 1000).rounded())
    }
}
