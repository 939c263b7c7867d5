extension ContinuousClock.Instant {
    /// Whole milliseconds from now until this instant, rounded up; 0 or less once it has
    /// passed: a `poll(2)` timeout that never wakes before the deadline.
    ///
    /// ```swift
    /// let deadline = ContinuousClock.now + .seconds(2)
    /// poll(&fds, nfds_t(fds.count), Int32(clamping: deadline.millisecondsFromNow))
    /// ```
    package var millisecondsFromNow: Int {
        let left = ContinuousClock.now.duration(to: self).components
        let sub = left.attoseconds / 1_000_000_000_000_000
        let rest = left.attoseconds % 1_000_000_000_000_000
        return Int(left.seconds) * 1000 + Int(sub) + (rest > 0 ? 1 : 0)
    }
}
