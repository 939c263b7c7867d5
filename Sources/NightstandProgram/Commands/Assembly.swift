import Alarms
import Audio
import Display
import Input
import Network
import Standby
import SystemSupport

/// Where the program puts the host together: the configuration sections other modules add,
/// and the event sources the display runs with.
///
/// A new module's section or source is one line here; the host's loop does not change
/// (docs/architecture.md, "Adding an event source", "Adding a config section").
enum Assembly {
    /// The configuration sections other modules add (`[input]`, `[mqtt]`, …): read, checked
    /// (`check-config`) and reloaded with the rest of the file.
    static let sections: [any ConfigurationSection.Type] = [
        // Touch, buttons and presence (Input).
        InputConfiguration.self,
        // Home Assistant and the mqtt widgets' topics; the HTTP API and web page (Network).
        MQTTSection.self, HTTPSection.self,
        // The ALSA device sounds play on (Audio), and the alarms (Alarms).
        AudioSettings.self, AlarmSettings.self,
        // One display of many, driven through the broker (Network).
        FleetSection.self,
    ]

    /// The sources `nightstand run` starts with its loop; `open` opens a display as the
    /// program does.
    static func sources(
        log: Logger, open: @escaping @Sendable (DisplayConfiguration) throws -> any FrameSink
    ) -> [any EventSource] {
        [
            // A DRM card or screen that comes after the start, within [display] wait (netlink
            // uevents, subsystem drm).
            DisplayHotplug(open: open),
            // IIO light sensors that appear later (netlink uevents, subsystem iio).
            SensorHotplug(),
            // [mqtt] and [http]: Home Assistant, the mqtt widgets' topics, the HTTP API.
            NetworkSource(),
            // Touch, buttons and presence (Input): the devices of [input], hot-plugged.
            InputSource(),
            // The car (Vehicle): gpsd and OBD-II clients for what the gps and obd widgets read.
            VehicleSource(),
            // The wall clock set (NTP at boot, date -s): alarms never ring for a jump.
            ClockJumpWatch(),
            // The alarms' sound through ALSA, when [[alarm]] tables are configured (Audio).
            AlarmSoundSource(),
        ]
    }
}
