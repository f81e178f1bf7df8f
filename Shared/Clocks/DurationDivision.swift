extension Duration {
    /// How many whole `period`s fit into this duration, rounded towards minus infinity: the
    /// number of the period an offset from an origin falls in, so an offset before the origin
    /// counts back (−1 ms in 2-s periods is in period −1). Exact, where the standard library's
    /// `Duration / Duration` is a `Double`. `period` must be positive; the count saturates at
    /// `Int64`'s ends.
    public func floorDivided(by period: Duration) -> Int64 {
        precondition(period > .zero, "a period is positive")
        let (quotient, remainder) = attoseconds.quotientAndRemainder(dividingBy: period.attoseconds)
        return Int64(clamping: remainder < 0 ? quotient - 1 : quotient)
    }
}
