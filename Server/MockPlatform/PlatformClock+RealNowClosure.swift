import Clocks

extension PlatformClock {
    /// A clock over the real time `realNow` reads, milliseconds since 1970: the spelling before
    /// the platform clock ran over a ``Clocks/WallClock``.
    @available(
        *, deprecated, renamed: "init(real:)", message: "pass a WallClock: RealClock() (the default) or a test's ManualClock"
    )
    public convenience init(realNow: @escaping @Sendable () -> Int64) {
        self.init(real: ReadingClock(read: realNow))
    }

    /// The system's time, milliseconds since 1970: the `realNow` a platform clock read by default.
    @available(*, deprecated, message: "a PlatformClock runs over RealClock() by default")
    public static let systemMilliseconds: @Sendable () -> Int64 = { RealClock().nowMs }
}
