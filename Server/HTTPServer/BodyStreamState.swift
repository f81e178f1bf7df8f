import Foundation

/// What a streamed body (``HTTPBodyStream``) does next when the client can take bytes, as a value:
/// bytes its source gave and the client has not had yet, whether a heartbeat is due, whether the
/// source has ended.
package struct BodyStreamState: Sendable, Equatable {
    /// The next thing to do.
    package enum Step: Sendable, Equatable {
        /// Hand out these bytes now.
        case send(Data)
        /// Nothing to send: suspend until woken (new bytes or a heartbeat due).
        case wait
        /// The body is complete.
        case end
    }

    /// Bytes taken from the source, handed out from `sent` on.
    private(set) var leftover = Data()
    /// How many bytes of `leftover` went out (kept as an offset: a large batch is not copied again
    /// for each piece).
    private var sent = 0
    /// Whether a heartbeat goes out the next time nothing else does.
    package var heartbeatDue = false
    /// Whether the source said it has nothing more, ever.
    private(set) var sourceEnded = false

    /// A body with nothing taken from its source yet.
    package init() {}

    /// The step for a client that takes up to `maxBytes` (at least 1): the source's bytes first
    /// (`next` is asked only when none are left; empty means none now, nil the end), then a due
    /// `heartbeat`, else a wait.
    package mutating func step(maxBytes: Int, heartbeat: Data, next: () -> Data?) -> Step {
        if leftover.isEmpty, !sourceEnded {
            if let bytes = next() { leftover = bytes } else { sourceEnded = true }
        }
        if leftover.isEmpty, heartbeatDue, !sourceEnded {
            leftover = heartbeat
        }
        guard !leftover.isEmpty else { return sourceEnded ? .end : .wait }
        heartbeatDue = false
        let start = leftover.startIndex + sent
        let count = min(max(1, maxBytes), leftover.endIndex - start)
        let out = leftover.subdata(in: start..<start + count)
        sent += count
        if start + count == leftover.endIndex { (leftover, sent) = (Data(), 0) }
        return .send(out)
    }
}
