import Ambient
import FoundationEssentials
import Raster
import SystemSupport

/// The panel's state over the appearance the policy decides: lit for a while by a wake, or
/// dark for lack of anyone there (`[input] idle_off`).
///
/// The policy (sensor, schedule, `nightstand mode`) decides day, dim, night or off; this says
/// what the panel shows of it. While woken, a decided `off` shows as `night` (and anything
/// else as itself); while idle and not woken, the panel is off.
struct PanelState: Equatable {
    /// The appearance the policy decided last.
    var decided = Appearance.day
    /// Until when a wake lights the panel, on the host's clock.
    var wokenUntil: Date?
    /// Whether the panel is off for idleness.
    var isIdle = false
    /// Whether someone is there, as a presence key says; nil until one has said.
    var presence: Bool?
    /// What the alarms ask of the panel.
    var alarm = AlarmLight.none

    /// What the alarms ask of the panel: nothing, light for a rising wake-up light or a ring
    /// (a dark or idle panel shows night), or day for a ring after the light rose.
    enum AlarmLight: Equatable {
        /// Nothing.
        case none
        /// A wake-up light rises, or an alarm rings without one: lit, at least night.
        case lit
        /// An alarm rings after its wake-up light rose: day.
        case day
    }

    /// What the panel shows at `now`.
    func shown(at now: Date) -> Appearance {
        switch alarm {
        case .day: return .day
        case .lit: return decided == .off ? .night : decided
        case .none: break
        }
        if let wokenUntil, now < wokenUntil { return decided == .off ? .night : decided }
        return isIdle ? .off : decided
    }

    /// When what the panel shows next changes by itself after `now`: the end of a wake.
    func nextChange(after now: Date) -> Date? {
        wokenUntil.flatMap { $0 > now ? $0 : nil }
    }
}

extension StandbyHost {
    /// The longest wake: a day.
    static let longestWake: TimeInterval = 86_400

    /// Lights the panel for `seconds`, at most ``longestWake`` (a tap at night or on the dark
    /// panel, a `wake` key).
    func wake(for seconds: TimeInterval) {
        let now = clock.now
        let seconds = seconds.isNaN ? 0 : min(max(0, seconds), Self.longestWake)
        let until = now.addingTimeInterval(seconds)
        panel.wokenUntil = max(panel.wokenUntil ?? until, until)
        if panel.shown(at: now) != appearance {
            log.info("panel woken for \(DurationWords.seconds(seconds))")
        }
        showPanel(at: now, fading: true)
    }

    /// Turns the panel off for idleness, or back on.
    func setIdle(_ idle: Bool) {
        panel.isIdle = idle
        showPanel(at: clock.now, fading: true)
    }

    /// The appearance on the panel now.
    public var shownAppearance: Appearance { appearance }

    /// Ends a wake that is over at `now`: the panel shows the decision (or goes dark) again.
    func endWake(at now: Date) {
        guard let until = panel.wokenUntil, now >= until else { return }
        panel.wokenUntil = nil
        showPanel(at: now, fading: true)
    }
}
