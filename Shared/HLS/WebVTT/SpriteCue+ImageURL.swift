import Foundation

extension SpriteCue {
    /// The cue's image URL resolved against the URL the VTT file was loaded from.
    public func imageURL(relativeTo vttURL: URL) -> URL? {
        HLSURI.resolve(image, against: vttURL)
    }
}
