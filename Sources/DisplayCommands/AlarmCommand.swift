import SystemSupport

/// What can be asked of a display's alarms (`[[alarm]]`): the ringing one snoozed or
/// dismissed, one named alarm tested, skipped once, switched or moved.
///
/// | words | does |
/// | --- | --- |
/// | `alarm snooze` | silences the ringing alarm for its `snooze`; past its `snoozes`, dismisses it |
/// | `alarm dismiss` | stops the ringing or snoozed alarm |
/// | `alarm test work` | rings `work` now, recording nothing |
/// | `alarm skip work` | skips `work`'s next ring |
/// | `alarm set work off` | `on`, `off`, a time `06:45`, or `default` (the configuration's) |
public enum AlarmCommand: Sendable, Hashable {
    /// Snoozes the ringing alarm.
    case snooze
    /// Dismisses the ringing or snoozed alarm.
    case dismiss
    /// Rings the alarm of this id now, as a test.
    case test(String)
    /// Skips the next ring of the alarm of this id.
    case skip(String)
    /// Changes the alarm of this id until `default` (kept across restarts).
    case set(String, AlarmChange)

    /// The command's words after `alarm`: `snooze`, `skip work`, `set work 06:45`.
    var words: String {
        switch self {
        case .snooze: "snooze"
        case .dismiss: "dismiss"
        case .test(let id): "test \(id)"
        case .skip(let id): "skip \(id)"
        case .set(let id, let change): "set \(id) \(change)"
        }
    }
}

/// A change `alarm set` makes to an alarm.
public enum AlarmChange: Sendable, Hashable, CustomStringConvertible {
    /// Rings on its days.
    case on
    /// Does not ring.
    case off
    /// Rings at this time of day instead.
    case time(hour: Int, minute: Int)
    /// Forgets earlier changes: as the configuration says.
    case reset

    /// Reads `on`, `off`, `default` or a time of day `HH:MM`; nil for anything else.
    public init?(_ word: String) {
        switch word {
        case "on": self = .on
        case "off": self = .off
        case "default": self = .reset
        default:
            let parts = word.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
                parts.allSatisfy({ $0.allSatisfy { ("0"..."9").contains($0) } }),
                let hour = Int(parts[0]), let minute = Int(parts[1]), (0...23).contains(hour),
                (0...59).contains(minute)
            else { return nil }
            self = .time(hour: hour, minute: minute)
        }
    }

    /// `on`, `off`, `default` or `06:45`.
    public var description: String {
        switch self {
        case .on: "on"
        case .off: "off"
        case .reset: "default"
        case .time(let hour, let minute):
            "\(hour.padded(to: 2)):\(minute.padded(to: 2))"
        }
    }
}

extension DisplayCommand {
    /// `alarm snooze|dismiss`, `alarm test|skip ID`, `alarm set ID on|off|default|HH:MM`.
    static func alarm(_ words: inout Words, _ text: String) throws(CommandError) -> Self {
        let expected =
            "alarm snooze, alarm dismiss, alarm test ID, alarm skip ID or alarm set ID on|off|default|HH:MM"
        switch words.next() {
        case "snooze": return .alarm(.snooze)
        case "dismiss": return .alarm(.dismiss)
        case "test":
            return .alarm(.test(try alarmID(&words, text, expected)))
        case "skip":
            return .alarm(.skip(try alarmID(&words, text, expected)))
        case "set":
            let id = try alarmID(&words, text, expected)
            guard let change = words.next().flatMap(AlarmChange.init) else {
                throw CommandError(text, expected: "alarm set ID on, off, default or a time HH:MM")
            }
            return .alarm(.set(id, change))
        default:
            throw CommandError(text, expected: expected)
        }
    }

    private static func alarmID(
        _ words: inout Words, _ text: String, _ expected: String
    ) throws(CommandError) -> String {
        guard let id = words.next(), isName(id) else {
            throw CommandError(text, expected: expected)
        }
        return id
    }
}
