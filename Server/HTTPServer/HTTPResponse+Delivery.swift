extension HTTPResponse.Delivery {
    /// `inner` after a wait of `delay` (none when zero or less): the one way back from a
    /// wait and what follows it to a delivery, the inverse of ``schedule``.
    package init(after delay: Duration, then inner: Inner) {
        if delay > .zero {
            self = .delayed(delay, then: inner)
            return
        }
        self =
            switch inner {
            case .immediate: .immediate
            case .truncated(let bytes): .truncated(afterBytes: bytes)
            case .throttled(let rate): .throttled(bytesPerSecond: rate)
            case .dropConnection: .dropConnection
            case .streamed(let stream): .streamed(stream)
            }
    }

    /// The delivery as a wait (0 when none) followed by how the bytes go out, so the server
    /// handles a delay once, the same way for every kind of delivery.
    package var schedule: (delay: Duration, then: Inner) {
        switch self {
        case .immediate: (.zero, .immediate)
        case .delayed(let delay, let inner): (max(.zero, delay), inner)
        case .truncated(let bytes): (.zero, .truncated(afterBytes: bytes))
        case .throttled(let rate): (.zero, .throttled(bytesPerSecond: rate))
        case .dropConnection: (.zero, .dropConnection)
        case .streamed(let stream): (.zero, .streamed(stream))
        }
    }
}
