/// Burn-in protection: the whole picture steps around a small square, one step per interval,
/// and returns to its place every nine steps, so no pixel of an OLED or plasma panel shows the
/// same thing for days.
///
/// ```swift
/// let burnIn = BurnIn(shift: 4, interval: 600)   // [layout] burn_in_shift, burn_in_interval
/// burnIn.offset(at: now.timeIntervalSince1970)  // (4, 0) in the second ten minutes
/// ```
public struct BurnIn: Equatable, Sendable {
    /// The farthest the picture moves from its place, in pixels; 0 turns it off.
    public var shift: Int
    /// How long the picture stays at each offset, in seconds.
    public var interval: Double

    /// The protection of a layout.
    public init(shift: Int, interval: Double) {
        self.shift = shift
        self.interval = interval
    }

    /// The protection `[layout]` asks for.
    public init(_ layout: LayoutConfiguration) {
        self.init(shift: layout.burnInShift, interval: layout.burnInInterval)
    }

    /// The offset at a time (seconds since 1970).
    public func offset(at time: Double) -> (x: Int, y: Int) {
        let s = shift
        guard s > 0, interval > 0 else { return (0, 0) }
        let steps = [(0, 0), (s, 0), (s, s), (0, s), (-s, s), (-s, 0), (-s, -s), (0, -s), (s, -s)]
        // Ranges keep `time / interval` far inside Int (intervals of 10 s and more).
        let step = Int((time / interval).rounded(.down)) % steps.count
        return steps[(step + steps.count) % steps.count]
    }

    /// The instant the offset next changes after `time`, or `nil` when it never does.
    public func nextChange(after time: Double) -> Double? {
        guard shift > 0, interval > 0 else { return nil }
        return ((time / interval).rounded(.down) + 1) * interval
    }
}
