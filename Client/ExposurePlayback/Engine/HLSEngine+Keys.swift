import Clocks
import Cryptography
import Exposure
import Foundation
import HLS
import HTTPTypes

/// Encrypted segments (`EXT-X-KEY` `METHOD=AES-128`, RFC 8216 §4.3.2.4): the key of the next
/// segment is fetched before it, kept per key URL, and each segment is decrypted as it arrives,
/// before anything reads its bytes. A key the server refuses ends playback with its message,
/// and so does a downloaded key's license running out during playback.
extension HLSEngine {
    /// The fetch that brings `segment` of `window`: its key first when that is not kept yet.
    func fetch(of segment: TimelineSegment, in window: SegmentTimeline, as kind: EngineFetch.Kind) -> (EngineFetch.Kind, URL)? {
        if let keyURL = segment.keyURL, keys.key(at: keyURL) == nil {
            // After a failed fetch the key, and so its segment, waits out the retry's pause.
            if let keyRetryAt, keyRetryAt > now { return nil }
            return (.key, keyURL)
        }
        return window.url(of: segment).map { (kind, $0) }
    }

    /// A key arrived from `url`: kept when it is 16 bytes, else playback fails.
    mutating func receiveKey(_ body: Data, from url: URL, events: inout [EngineEvent]) {
        keyFailures = 0
        keyRetryAt = nil
        guard body.count == AES128CBC.keyLength else {
            return fail("the key at \(url.path) is \(body.count) bytes, not \(AES128CBC.keyLength)", events: &events)
        }
        keys.store([UInt8](body), at: url)
    }

    /// `body` of `segment`, decrypted when the segment is encrypted (the IV from the
    /// tag, else its media sequence number); nil, with playback failed, when it cannot be.
    mutating func decrypted(_ body: Data, of segment: TimelineSegment, events: inout [EngineEvent]) -> Data? {
        guard let segmentKey = segment.key else { return body }
        guard let keyURL = segment.keyURL, let key = keys.key(at: keyURL) else {
            fail("segment \(segment.sequence) is encrypted with a key that was not fetched", events: &events)
            return nil
        }
        do {
            return try SegmentDecryption.decrypt(body, key: key, iv: segmentKey.iv(forMediaSequence: segment.sequence))
        } catch {
            fail("segment \(segment.sequence) could not be decrypted: \(error)", events: &events)
            return nil
        }
    }

    /// The server answered a key request with `status`: a 4xx is the key server's refusal
    /// (its error body says why) and ends playback; anything else, and the temporary 408 and
    /// 429, is retried as a failed fetch.
    mutating func refuseKey(_ fetch: EngineFetch, status: Int, body: Data, events: inout [EngineEvent]) {
        guard HTTPStatus.isPermanentRefusal(status) else {
            return recoverKey(fetch, reason: "HTTP \(status)", events: &events)
        }
        let message = ErrorBody.message(status: status, body: body)
        let segment = timeline.segments.first { $0.end > playhead && $0.keyURL == fetch.url }
        lifecycle = .failed(reason: "the key server refused the key: \(message.message)")
        events.append(.keyRefused(message, programDateTime: segment?.programDateTime))
    }

    /// A key fetch failed without the server's answer: asked again after a pause of
    /// ``keyRetryPauses``, up to ``playlistAttempts`` attempts in a row.
    mutating func recoverKey(_ fetch: EngineFetch, reason: String, events: inout [EngineEvent]) {
        keyFailures += 1
        if keyFailures >= Self.playlistAttempts { return fail("the key \(fetch.url.lastPathComponent): \(reason)", events: &events) }
        keyRetryAt = now + keyRetryPauses.delay(beforeRetry: keyFailures)
    }

    /// A download's license ran out by `now` (``licenseEndsAt``): playback ends as the key
    /// source would refuse the key now, with `LICENSE_EXPIRED`, whatever it is doing.
    mutating func endIfLicenseExpired(at now: WallTime, events: inout [EngineEvent]) {
        guard let licenseEndsAt, now >= licenseEndsAt, !isOver else { return }
        let message = ExposureErrorMessage(
            httpCode: 403, message: "LICENSE_EXPIRED", extendedMessage: "the offline license ran out during playback")
        lifecycle = .failed(reason: "the offline license ran out")
        events.append(.keyRefused(message, programDateTime: nil))
    }

    /// The pauses before a failed key fetch is tried again: half the target duration first (as
    /// long as a failed live playlist reload waits, RFC 8216 §6.3.4), doubling up to the target
    /// duration, so a key server that stumbled has time to recover and a segment's worth of
    /// buffer is not spent on attempts in a burst.
    var keyRetryPauses: Backoff {
        Backoff(first: timeline.targetDuration / 2, longest: timeline.targetDuration)
    }
}
