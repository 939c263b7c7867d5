import FoundationEssentials
import SystemSupport

/// The night-mode state machine: readings and time in, the appearance to show out.
///
/// Pure apart from its log: no sensor I/O and no hidden clock, so a simulated day runs in
/// microseconds. Feed it every reading (or failure) with the time it was taken; it answers the
/// appearance and when to ask again even without a new reading.
///
/// ```swift
/// var policy = AmbientPolicy(configuration: configuration)
/// let decision = policy.update(at: now, reading: .success(2.4))
/// decision.appearance      // .night once 2.4 lux has held for the dwell
/// decision.nextEvaluation  // the dwell's end, the next poll or schedule boundary
/// ```
///
/// The rules, in order:
/// 1. A manual override (``manualOverride``) wins until it is set back to nil ("auto").
/// 2. The schedule's `off` window turns the display off whatever the sensor says.
/// 3. With readings, the smoothed lux moves the appearance across the hysteresis bands of
///    ``AmbientConfiguration``, and a new appearance is shown only once it has held for the
///    dwell. The first reading after start or after an override applies at once, starting
///    from the scheduled appearance.
/// 4. Without a sensor, or while it fails, the clock schedule decides. The first failure is
///    logged once as a warning; the first good reading after it, once as a notice. A failing
///    sensor is retried every 30 s (``AmbientDecision/nextEvaluation``), not every poll.
public struct AmbientPolicy: Sendable {
    /// The settings.
    public let configuration: AmbientConfiguration
    /// The appearance chosen by the manual control (`day`, `dim`, `night`, `off`); nil is auto.
    ///
    /// Setting it back to nil restarts the automatic choice, without dwell.
    public var manualOverride: Appearance? {
        didSet { restart() }
    }
    /// Seconds between attempts to read a failing (or absent) sensor, unless polls are rarer:
    /// a board without a sensor should not wake every poll interval for nothing.
    public static let retryInterval: Double = 30
    private let logger: Logger
    private var smoother: LuxSmoother
    /// The automatic appearance (sensor or schedule), before the `off` window; nil until the
    /// first update.
    private var automatic: Appearance?
    /// A different sensor appearance waiting out the dwell, and since when.
    private var pending: (appearance: Appearance, since: Date)?
    /// Whether the last reading failed (so the failure is logged once).
    private var sensorFailing = false
    /// The last schedule answer: valid from `from` until `next`.
    private var scheduleCache: (from: Date, appearance: Appearance, next: Date?)?

    /// A policy for `configuration`, logging sensor failures and recoveries to `logger`.
    public init(
        configuration: AmbientConfiguration,
        logger: Logger = Logger(label: "nightstand.ambient")
    ) {
        self.configuration = configuration
        self.logger = logger
        self.smoother = LuxSmoother(configuration.smoothing)
    }

    /// What the clock schedule shows at `time` (a manual override first), without taking it
    /// as the automatic appearance: the sensor's first reading still applies at once.
    public mutating func scheduledDecision(at time: Date) -> AmbientDecision {
        if let manualOverride {
            return AmbientDecision(
                appearance: manualOverride, source: .override, nextEvaluation: nil)
        }
        let (scheduled, boundary) = scheduleState(at: time)
        return AmbientDecision(appearance: scheduled, source: .schedule, nextEvaluation: boundary)
    }

    /// The appearance at `time` given `reading`: a lux value, the sensor's error, or nil when
    /// no sensor is configured.
    ///
    /// A failed reading asks to be retried (``AmbientDecision/nextEvaluation`` within
    /// ``retryInterval``) unless `retryingFailures` is false: the caller hears by itself when
    /// the sensor may be back (a device event).
    public mutating func update(
        at time: Date, reading: Result<Double, LightSensorError>?, retryingFailures: Bool = true
    ) -> AmbientDecision {
        if let manualOverride {
            return AmbientDecision(
                appearance: manualOverride, source: .override, nextEvaluation: nil)
        }
        let (scheduled, boundary) = scheduleState(at: time)
        guard let reading else {
            automatic = scheduled
            return AmbientDecision(
                appearance: scheduled, source: .schedule, nextEvaluation: boundary)
        }
        switch reading {
        case .failure(let error):
            if !sensorFailing {
                logger.warning(
                    "\(error); following the clock schedule until the sensor reads again")
            }
            sensorFailing = true
            smoother.reset()
            pending = nil
            automatic = scheduled
            let retry = time.addingTimeInterval(max(configuration.pollInterval, Self.retryInterval))
            return AmbientDecision(
                appearance: scheduled, source: .schedule,
                nextEvaluation: [retryingFailures ? retry : nil, boundary].compactMap { $0 }.min())
        case .success(let lux):
            if sensorFailing {
                logger.notice("light sensor reads again (\(lux) lux); following it")
            }
            sensorFailing = false
            let smoothed = smoother.add(lux, at: time)
            let sensed = follow(smoothed, at: time, scheduled: scheduled)
            let deadlines = [
                time.addingTimeInterval(configuration.pollInterval), boundary,
                pending.map { $0.since + configuration.dwell },
            ]
            return AmbientDecision(
                appearance: scheduled == .off ? .off : sensed,
                source: scheduled == .off ? .schedule : .sensor(lux: smoothed),
                nextEvaluation: deadlines.compactMap { $0 }.min())
        }
    }

    /// Moves the automatic appearance toward what `lux` calls for, through the dwell.
    private mutating func follow(_ lux: Double, at time: Date, scheduled: Appearance)
        -> Appearance
    {
        guard let current = automatic else {
            // First reading: start from the schedule's appearance and apply at once.
            let first = target(from: scheduled, lux: lux)
            automatic = first
            return first
        }
        let wanted = target(from: current, lux: lux)
        guard wanted != current else {
            pending = nil
            return current
        }
        // The dwell runs while the target stays on the same side of the current appearance.
        if let waiting = pending, (waiting.appearance > current) == (wanted > current) {
            pending = (wanted, waiting.since)
        } else {
            pending = (wanted, time)
        }
        guard let waiting = pending, time.timeIntervalSince(waiting.since) >= configuration.dwell
        else { return current }
        pending = nil
        automatic = wanted
        return wanted
    }

    /// The appearance `lux` calls for, coming from `current`: darker while below a band's
    /// `enterBelow`, brighter while above a band's `leaveAbove`, else unchanged.
    func target(from current: Appearance, lux: Double) -> Appearance {
        let bands = configuration.bands
        let levels = [Appearance.day] + bands.map(\.darker)
        // Off without an off band (from the schedule) counts as the darkest sensor level.
        var index = levels.firstIndex(of: current) ?? levels.count - 1
        if index > 0, lux > bands[index - 1].leaveAbove {
            while index > 0, lux > bands[index - 1].leaveAbove { index -= 1 }
        } else {
            while index < bands.count, lux < bands[index].enterBelow { index += 1 }
        }
        return levels[index]
    }

    /// The schedule's appearance at `time` and its next transition.
    ///
    /// Recomputed only once `time` leaves the span the last answer covers (polling every few
    /// seconds would otherwise recompute sunrise and sunset each time). A schedule without a
    /// transition ahead is asked again a day later.
    private mutating func scheduleState(at time: Date) -> (Appearance, Date?) {
        if let cached = scheduleCache, time >= cached.from,
            time < cached.next ?? cached.from.addingTimeInterval(86400)
        {
            return (cached.appearance, cached.next)
        }
        let schedule = configuration.schedule
        let state = (
            from: time, appearance: schedule.appearance(at: time),
            next: schedule.nextTransition(after: time)
        )
        scheduleCache = state
        return (state.appearance, state.next)
    }

    /// Forgets readings and pending changes: the next update chooses afresh.
    private mutating func restart() {
        smoother.reset()
        pending = nil
        automatic = nil
    }
}

/// What the ambient policy decided at one moment.
public struct AmbientDecision: Sendable, Equatable {
    /// The appearance to show.
    public let appearance: Appearance
    /// What decided it.
    public let source: AmbientSource
    /// When to update again even without a new event (next poll, dwell end, schedule
    /// boundary); nil when nothing changes by itself (manual override, no windows).
    public let nextEvaluation: Date?

    /// A decision; made by ``AmbientPolicy``, public for hosts' tests.
    public init(appearance: Appearance, source: AmbientSource, nextEvaluation: Date?) {
        self.appearance = appearance
        self.source = source
        self.nextEvaluation = nextEvaluation
    }
}

/// What decided an appearance.
public enum AmbientSource: Sendable, Equatable, CustomStringConvertible {
    /// The light sensor, at this smoothed lux.
    case sensor(lux: Double)
    /// The clock schedule (no sensor, a failing sensor, or the `off` window).
    case schedule
    /// The manual override.
    case override

    /// `sensor (2.4 lux)`, `schedule`, `override`.
    public var description: String {
        switch self {
        case .sensor(let lux): "sensor (\(lux) lux)"
        case .schedule: "schedule"
        case .override: "override"
        }
    }
}
