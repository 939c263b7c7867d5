import DisplayCommands
import FoundationEssentials

extension AlarmClock {
    /// `alarm set NAME on|off|HH:MM|default`: enables, disables or moves the alarm (kept in the
    /// state file across restarts), or forgets those changes.
    public func set(_ id: String, _ value: String, at now: Date) throws(AlarmError) {
        guard configured.contains(where: { $0.id == id }) else {
            throw AlarmError.unknown(id, among: alarms)
        }
        guard let change = AlarmChange(value) else {
            throw AlarmError(
                "expected on, off, default or a time such as 07:00, found \"\(value)\"")
        }
        switch change {
        case .on: state.records[id]?.enabled = true
        case .off: state.records[id]?.enabled = false
        case .reset:
            state.records[id]?.enabled = nil
            state.records[id]?.time = nil
        case .time: state.records[id]?.time = change.description
        }
        // A change counts from now: an earlier time today does not ring at once.
        let handled = state.records[id]?.handledThrough ?? now
        state.records[id]?.handledThrough = max(handled, now)
        applyOverrides()
        save()
    }
}
