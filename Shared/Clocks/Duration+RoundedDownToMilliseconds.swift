extension Duration {
    /// The duration rounded down (towards the past) to whole milliseconds, as a `Duration`:
    /// ``wholeMilliseconds``, for a time axis kept to the millisecond (the player engine's
    /// positions, which an `EXTINF` or an ID3 tag's offset joins to the millisecond). Saturates
    /// where ``wholeMilliseconds`` does.
    public var roundedDownToMilliseconds: Duration { .milliseconds(wholeMilliseconds) }
}
