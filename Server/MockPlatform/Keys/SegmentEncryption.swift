import Clocks
import Cryptography
import ExposureModels
import Foundation
import HLS

/// Segments of encrypted streams are encrypted as they are served: the media files stay clear
/// on disk, one copy for every stream. A segment URL names its stream's asset and media
/// sequence number (``StreamURLs/segmentQuery(assetId:)``), which pick the key and
/// the IV. Subtitles stay clear, as their playlists announce no key.
enum SegmentEncryption {
    /// The body of the media file at `path` requested with `query`: the `clear` bytes, or them
    /// encrypted with AES-128-CBC when the stream named is encrypted — once per file, key and
    /// IV, then from `loaded`'s ``EncryptedSegmentCache`` (`clear` is not asked for on a hit).
    /// - Throws: 404 when an encrypted stream's segment is asked for without a sequence number
    ///   its stream has.
    static func body(
        of clear: () -> Data, path: String, asset: String?, sequence: String?, loaded: LoadedCatalog
    ) throws(ExposureErrorMessage) -> Data {
        guard let asset, isMedia(path), let keys = StreamKeys(assetId: asset, loaded: loaded) else { return clear() }
        guard let sequence = StreamURLs.sequence(sequence), let start = segmentStart(sequence, asset: asset, loaded: loaded) else {
            throw ExposureErrorMessage(
                httpCode: 404, message: "NOT_FOUND",
                extendedMessage: "\(asset) is encrypted: its segments are served with the seq= its playlists give them.")
        }
        let id = keys.keyID(segmentStart: start)
        return try loaded.encryptedSegments.body(for: .init(path: path, keyId: id, sequence: sequence)) {
            () throws(ExposureErrorMessage) -> Data in
            do {
                return try AES128CBC(key: id.key, iv: keys.key(id).iv(forMediaSequence: sequence)).encrypt(data: clear())
            } catch {
                throw .internalError("The segment could not be encrypted: \(error)")
            }
        }
    }

    /// Whether the file is a video or audio segment (`…/video|audio/{name}/{file}`).
    private static func isMedia(_ path: String) -> Bool {
        let components = path.split(separator: "/")
        guard components.count >= 3 else { return false }
        let folder = components[components.count - 3]
        return folder == "video" || folder == "audio"
    }

    /// When segment `sequence` of the asset's stream starts: on a channel's timeline (whose keys
    /// rotate); 1970-01-01T00:00Z for other assets, which have one key. Nil for a sequence no
    /// stream of the channel has. (Also how a key fault names the key of a segment.)
    static func segmentStart(_ sequence: Int, asset: String, loaded: LoadedCatalog) -> WallTime? {
        guard let timeline = loaded.channelTimelines[asset] else { return sequence >= 0 ? platformEpoch : nil }
        guard (0...timeline.sequence(at: platformInstants.upperBound)).contains(sequence) else { return nil }
        return timeline.segment(sequence).start
    }
}
