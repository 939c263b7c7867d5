import DisplayCommands
import FoundationEssentials
import Settings
import SystemSupport

/// The `[[alarm]]` tables of the configuration, each read into an ``Alarm`` and checked.
///
/// A bad key names the file, the line and what is expected:
/// `board.toml:14: [[alarm]] 1 time: expected a time of day such as "07:00", found "7am"`.
public struct AlarmSettings: ConfigurationSection, Equatable {
    /// `[[alarm]]`.
    public static let sectionName = "alarm"
    /// The keys of one `[[alarm]]` table.
    public static let keys = [
        "id", "time", "days", "label", "enabled", "sound", "tone", "volume", "fade_in", "snooze",
        "snoozes", "ring_for", "light_before", "catch_up",
    ]
    /// The section is an array of tables (`[[alarm]]`), not one table.
    public static let isArrayOfTables = true
    /// The built-in tones.
    public static let tones = ["chime", "beep", "bell"]
    /// The most alarms a configuration may have.
    public static let limit = 32

    /// The alarms, in file order.
    public var alarms: [Alarm] = []

    /// Reads the `alarm` array of `section` (a table holding the file's `alarm` key).
    public init(section: SettingsTable) throws(ConfigurationError) {
        let tables = try section.tables("alarm")
        guard tables.count <= Self.limit else {
            throw section.error("alarm", "expected at most \(Self.limit) alarms")
        }
        for (index, table) in tables.enumerated() {
            let alarm = try Self.alarm(table.named("[[alarm]] \(index + 1)"))
            if alarms.contains(where: { $0.id == alarm.id }) {
                throw table.error("id", "expected a name no other alarm has, found \"\(alarm.id)\"")
            }
            alarms.append(alarm)
        }
    }

    /// No alarms.
    public init() {}

    /// One `[[alarm]]` table.
    static func alarm(_ table: SettingsTable) throws(ConfigurationError) -> Alarm {
        try table.rejectUnknown(keys)
        guard let time = try table.string("time") else {
            throw table.error(nil, "missing time: expected time = \"07:00\"")
        }
        guard let (hour, minute) = Self.timeOfDay(time) else {
            throw table.error(
                "time", expected: "a time of day such as \"07:00\"", found: .string(time))
        }
        let id = try table.string("id") ?? String(time.filter { $0 != ":" })
        guard Self.isName(id) else {
            throw table.error(
                "id", expected: "a name of letters, digits, - and _ (at most 64)",
                found: .string(id))
        }
        var alarm = Alarm(id: id, hour: hour, minute: minute)
        alarm.days = try days(table) ?? alarm.days
        alarm.label = try table.string("label").map { String($0.prefix(80)) } ?? ""
        alarm.enabled = try table.bool("enabled") ?? true
        alarm.sound = try table.string("sound")
        if let sound = alarm.sound, sound.isEmpty || sound.utf8.count > 4096 {
            throw table.error("sound", expected: "the path of a sound file", found: .string(sound))
        }
        alarm.tone =
            try table.parsed("tone", expected: "one of \(tones.joined(separator: ", "))") {
                tones.contains($0) ? $0 : nil
            } ?? alarm.tone
        alarm.volume =
            try table.number("volume", in: NumberRange(0.0...1.0, "a volume")) ?? alarm.volume
        alarm.fadeIn = try table.duration("fade_in", in: .duration(0...600)) ?? alarm.fadeIn
        alarm.snooze = try table.duration("snooze", in: .duration(60...3600)) ?? alarm.snooze
        alarm.maxSnoozes =
            try table.int("snoozes", in: NumberRange(0...20, "snoozes")) ?? alarm.maxSnoozes
        alarm.ringFor = try table.duration("ring_for", in: .duration(10...7200)) ?? alarm.ringFor
        alarm.lightBefore = try table.duration("light_before", in: .duration(0...7200)) ?? 0
        alarm.catchUp = try table.duration("catch_up", in: .duration(0...86400)) ?? alarm.catchUp
        return alarm
    }

    /// `days = "mon-fri"`, `"daily"`, `"2026-12-24"` or a list of either kind.
    private static func days(_ table: SettingsTable) throws(ConfigurationError) -> Alarm.Days? {
        let list: [String]
        if case .array = table.values["days"] {
            list = try table.strings("days") ?? []
        } else if let one = try table.string("days") {
            list = [one]
        } else {
            return nil
        }
        let expected = "days such as \"mon-fri\", \"sat,sun\", \"daily\" or dates \"2026-12-24\""
        guard !list.isEmpty else { throw table.error("days", "expected \(expected), found none") }
        let dates = list.compactMap(AlarmDate.init(parsing:))
        if dates.count == list.count { return .dates(dates) }
        guard dates.isEmpty else {
            throw table.error("days", "expected either days of the week or dates, not both")
        }
        do {
            return .weekdays(try Weekdays(parsing: list.joined(separator: ",")))
        } catch {
            throw table.error("days", "expected \(expected): \(error.reason)")
        }
    }

    /// `"07:00"` as (7, 0), read as `alarm set` reads a time (``DisplayCommands/AlarmChange``).
    static func timeOfDay(_ text: String) -> (Int, Int)? {
        guard case .time(let hour, let minute)? = AlarmChange(text) else { return nil }
        return (hour, minute)
    }

    /// Whether `name` can name an alarm.
    public static func isName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 64
            && name.unicodeScalars.allSatisfy {
                $0.isASCII
                    && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-"
                        || $0 == "_")
            }
    }
}
