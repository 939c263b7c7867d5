import Alarms
import Ambient
import FoundationEssentials
import StandbyViews

extension StandbyHost {
    /// Rings what is due at `now`, ends snoozes and rings that lasted, and shows the result:
    /// a ringing alarm lights the panel (a dark, idle or night panel included) and shows the
    /// alarm view; before an alarm with `light_before`, night rises through warm tones to
    /// day; after a dismiss the panel shows what the sensor or the schedule decides again.
    func advanceAlarms(at now: Date) {
        defer {
            if alarms.board?.publish(alarms.summaries(at: now)) == true {
                widgets.center.reloadTimelines(ofKind: AlarmBoard.kindName)
            }
        }
        guard let clock = alarms.clock else {
            if panel.alarm != .none || views.alarm != nil { showAlarms(nil, rise: nil, at: now) }
            return
        }
        clock.advance(to: now)
        let ringing = alarms.ringing
        // The light rises over a night or a dark panel only: a lit room needs none.
        let dark = panel.decided == .night || panel.decided == .off
        let rise = ringing == nil && dark ? alarms.lightProgress(at: now) : nil
        showAlarms(ringing, rise: rise, at: now)
    }

    /// Where the alarms are published for the built-in `alarm` widgets (the program's:
    /// ``Alarms/AlarmBoard/shared``); nil, the default: nowhere.
    public var alarmBoard: AlarmBoard? {
        get { alarms.board }
        set {
            alarms.board = newValue
            newValue?.publish(alarms.summaries(at: clock.now))
        }
    }

    /// The wall clock was set `delta` seconds forward or back (``ClockJumpWatch``): an alarm
    /// the jump alone passed does not ring, and a ring or a snooze keeps its length.
    public func clockJumped(by delta: TimeInterval) {
        let now = clock.now
        log.notice("the clock jumped by \(Int(delta)) s")
        alarms.clock?.clockJumped(by: delta, at: now)
        advanceAlarms(at: now)
    }

    private func showAlarms(_ ringing: Alarm?, rise: Double?, at now: Date) {
        views.alarm = ringing.map { AlarmFace(id: $0.id, label: $0.label) }
        let light: PanelState.AlarmLight =
            if let ringing {
                ringing.lightBefore > 0 && (panel.decided == .night || panel.decided == .off)
                    ? .day : .lit
            } else {
                rise == nil ? .none : .lit
            }
        director.rise(rise)
        ambient.rise(rise.map { WakeLight.level($0, night: 0, day: 1) })
        guard light != panel.alarm else { return }
        panel.alarm = light
        showPanel(at: now, fading: true)
    }
}
