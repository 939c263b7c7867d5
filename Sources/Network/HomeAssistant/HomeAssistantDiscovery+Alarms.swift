import DisplayCommands

extension HomeAssistantDiscovery {
    /// The entities of a display's alarms (announced while it has any).
    ///
    /// | entity | component | state or command |
    /// | --- | --- | --- |
    /// | Next alarm | `sensor` (device class `timestamp`) | `<base>/alarm/next` |
    /// | Alarm ringing | `binary_sensor` (device class `sound`) | `<base>/alarm/ringing` |
    /// | Snooze | `button` | `alarm snooze` |
    /// | Dismiss alarm | `button` | `alarm dismiss` |
    /// | Alarm `<id>` | `switch`, one per alarm | state `<base>/alarm/<id>`; `alarm set <id> on`/`off` |
    var alarmEntities: [Entity] {
        [
            Entity(
                component: "sensor", key: "next_alarm", name: "Next alarm", icon: "mdi:alarm",
                stateTopic: topics.alarmNext, deviceClass: "timestamp"),
            Entity(
                component: "binary_sensor", key: "alarm_ringing", name: "Alarm ringing",
                icon: "mdi:alarm-bell", stateTopic: topics.alarmRinging, deviceClass: "sound",
                payloadOn: "ON", payloadOff: "OFF"),
            Entity(
                component: "button", key: "alarm_snooze", name: "Snooze", icon: "mdi:alarm-snooze",
                commandTopic: topics.command, payloadPress: Self.wire(.alarm(.snooze))),
            Entity(
                component: "button", key: "alarm_dismiss", name: "Dismiss alarm",
                icon: "mdi:alarm-off", commandTopic: topics.command,
                payloadPress: Self.wire(.alarm(.dismiss))),
        ]
    }

    /// The switch of the alarm `id`: on and off as `alarm set <id> on|off`.
    func alarmSwitch(_ id: String) -> Entity {
        Entity(
            component: "switch", key: "alarm_\(id)", name: "Alarm \(id)", icon: "mdi:alarm",
            stateTopic: topics.alarm(id), commandTopic: topics.command,
            payloadOn: Self.wire(.alarm(.set(id, .on))),
            payloadOff: Self.wire(.alarm(.set(id, .off))), stateOn: "ON", stateOff: "OFF")
    }
}
