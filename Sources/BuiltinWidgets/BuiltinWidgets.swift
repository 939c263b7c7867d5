import Widgets

/// The widgets that ship with Nightstand, by the kind a configuration names them with.
///
/// ```toml
/// [[widget]]
/// kind = "clock"
/// ```
///
/// The kinds and their options are listed in docs/widgets.md.
public enum BuiltinWidgets {
    /// Every built-in kind: `clock`, `date`, `calendar`, `weather`, `system`, `countdown`,
    /// `command`, `light`, `mqtt` (whose topics go to ``TopicBoard/shared``), `gps` (whose gpsd
    /// addresses go to `Vehicle.GPSBoard.shared`), `obd` (whose adapters and PIDs go to
    /// `Vehicle.OBDBoard.shared`), `alarm` (which reads `Alarms.AlarmBoard.shared`).
    public static var all: [ConfigurableWidget] {
        [
            ClockWidget.kind, DateWidget.kind, CalendarWidget.kind, WeatherWidget.kind,
            SystemWidget.kind, CountdownWidget.kind, CommandWidget.kind, LightWidget.kind,
            MQTTWidget.kind(), GPSWidget.kind(), OBDWidget.kind(), AlarmWidget.kind(),
        ]
    }
}
