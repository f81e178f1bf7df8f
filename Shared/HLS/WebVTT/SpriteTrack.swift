/// A WebVTT thumbnail ("sprite") track: one cue per thumbnail, each pointing at a region of
/// a sprite sheet image (`sprite-160-0.jpg#xywh=0,0,160,90`).
public struct SpriteTrack: Sendable, Hashable {
    /// The cues in file order.
    public var cues: [SpriteCue]

    /// Creates a track.
    public init(cues: [SpriteCue]) {
        self.cues = cues
    }

    /// The cue showing at `milliseconds` (start inclusive, end exclusive), if any.
    public func cue(at milliseconds: Int64) -> SpriteCue? {
        // Cues are written in time order; binary search the last one starting at or before the time.
        var low = 0
        var high = cues.count
        while low < high {
            let middle = (low + high) / 2
            if cues[middle].startMilliseconds <= milliseconds { low = middle + 1 } else { high = middle }
        }
        guard low > 0, milliseconds < cues[low - 1].endMilliseconds else { return nil }
        return cues[low - 1]
    }
}

/// One thumbnail: a time span and the image region to show during it.
public struct SpriteCue: Sendable, Hashable {
    /// The optional cue identifier line.
    public var identifier: String?
    /// Start of the span, in milliseconds from the start of the media.
    public var startMilliseconds: Int64
    /// End of the span (exclusive), in milliseconds.
    public var endMilliseconds: Int64
    /// The image URL as written, without the `#xywh` fragment; see ``HLSURI/resolve(_:against:)``.
    public var image: String
    /// The region of the image to show; nil for the whole image.
    public var region: SpriteRegion?

    /// Creates a cue.
    public init(identifier: String? = nil, startMilliseconds: Int64, endMilliseconds: Int64, image: String, region: SpriteRegion?) {
        self.identifier = identifier
        self.startMilliseconds = startMilliseconds
        self.endMilliseconds = endMilliseconds
        self.image = image
        self.region = region
    }
}

/// A rectangle of a sprite sheet in pixels, the media fragment `#xywh=x,y,w,h`.
public struct SpriteRegion: Sendable, Hashable {
    /// Left edge.
    public var x: Int
    /// Top edge.
    public var y: Int
    /// Width.
    public var width: Int
    /// Height.
    public var height: Int

    /// Creates a region.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}
