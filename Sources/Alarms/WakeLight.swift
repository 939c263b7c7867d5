import FoundationEssentials

/// The wake-up light: over an alarm's `light_before`, the panel rises from night's red
/// through warm tones to day's white and brightness, like a sunrise lamp.
///
/// ``progress`` is 0 when the rise starts and 1 at the alarm; ``tint(_:)`` gives the channel
/// gains and ``level(_:night:day:)`` the share of light. At 0 the tint is pure red, so a
/// night that has not started rising still emits no green or blue.
public enum WakeLight {
    /// Seconds between two steps of the rise (a step changes the light by at most 1/120).
    public static let step: TimeInterval = 10

    /// The tints the rise passes through, at even steps of progress: red, deep orange, amber,
    /// warm white, white.
    static let stops: [(r: Double, g: Double, b: Double)] = [
        (1, 0, 0), (1, 0.25, 0), (1, 0.55, 0.15), (1, 0.82, 0.6), (1, 1, 1),
    ]

    /// How far the rise toward the next alarm of `clock` has come at `now`, 0 to 1; nil when
    /// no alarm's light rises (no `light_before`, or too early).
    public static func progress(of clock: AlarmClock, at now: Date) -> Double? {
        var best: Double?
        for alarm in clock.alarms where alarm.lightBefore > 0 {
            guard let record = clock.state.records[alarm.id],
                let next = alarm.nextOccurrence(
                    after: max(record.handledThrough ?? now, now), in: clock.calendar)
            else { continue }
            let left = next.timeIntervalSince(now)
            guard left <= alarm.lightBefore else { continue }
            let p = max(0, min(1, 1 - left / alarm.lightBefore))
            best = max(best ?? 0, p)
        }
        return best
    }

    /// The gains of red, green and blue at `progress` (0: red only, 1: white).
    public static func tint(_ progress: Double) -> (r: Double, g: Double, b: Double) {
        let p = max(0, min(1, progress)) * Double(stops.count - 1)
        let i = min(Int(p), stops.count - 2)
        let f = p - Double(i)
        let (a, b) = (stops[i], stops[i + 1])
        return (a.r + (b.r - a.r) * f, a.g + (b.g - a.g) * f, a.b + (b.b - a.b) * f)
    }

    /// The share of light at `progress`, from `night` to `day`, rising slowly at first as the
    /// eye sees it (a square curve).
    public static func level(_ progress: Double, night: Double, day: Double) -> Double {
        let p = max(0, min(1, progress))
        return night + (day - night) * p * p
    }
}
