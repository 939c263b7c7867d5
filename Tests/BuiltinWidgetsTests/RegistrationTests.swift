import Foundation
import Standby
import Testing
import Widgets

@testable import BuiltinWidgets

/// Every built-in kind is registered and can be made from a configuration file.
@Suite("Registration")
struct RegistrationTests {
    @Test("BuiltinWidgets.all has every kind once")
    func kinds() {
        #expect(
            BuiltinWidgets.all.map(\.kind)
                == [
                    "clock", "date", "calendar", "weather", "system", "countdown", "command",
                    "light", "mqtt", "gps", "obd", "alarm",
                ])
    }

    @Test("a configuration naming every kind with its options makes every widget")
    func configuration() throws {
        let configuration = try Configuration.parse(
            """
            [[widget]]
            kind = "clock"
            style = "analog"
            seconds = true

            [[widget]]
            kind = "calendar"
            files = ["/home/pi/family.ics", "/home/pi/school.ics"]
            url = "webcal://example.com/holidays.ics"
            days = 21
            refresh = "30m"
            style = "events"
            first_weekday = "monday"
            time_zone = "Europe/Berlin"

            [[widget]]
            kind = "weather"
            latitude = 52.52
            longitude = 13.41
            units = "fahrenheit"
            location = "Berlin"
            refresh = "15m"

            [[widget]]
            kind = "system"
            refresh = 30

            [[widget]]
            kind = "countdown"
            target = "2026-12-24T18:00"
            title = "Christmas Eve"
            after = "elapsed"

            [[widget]]
            kind = "command"
            command = ["/usr/bin/sensors", "-j"]
            timeout = "3s"

            [[widget]]
            kind = "light"

            [[widget]]
            kind = "mqtt"
            topic = "zigbee2mqtt/bedroom"
            field = "temperature"
            label = "Bedroom"
            unit = "°C"
            symbol = "thermometer.medium"
            decimals = 1
            min = 10
            max = 30
            stale_after = "30m"

            [[slot]]
            widgets = ["clock"]
            """, file: "test.toml")
        let widgets = try WidgetRegistry(BuiltinWidgets.all).makeWidgets(for: configuration)
        #expect(
            widgets.map(\.kind) == [
                "clock", "calendar", "weather", "system", "countdown", "command", "light", "mqtt",
            ])
    }

    @Test("a bad option becomes a configuration error at its line, naming the key")
    func badOption() throws {
        let configuration = try Configuration.parse(
            """
            [[widget]]
            kind = "weather"
            latitude = 123
            longitude = 13.41

            [[slot]]
            widgets = ["weather"]
            """, file: "test.toml")
        #expect {
            try WidgetRegistry(BuiltinWidgets.all).makeWidgets(for: configuration)
        } throws: { error in
            let message = "\(error)"
            return message.contains("test.toml:3") && message.contains("latitude")
                && message.contains("expected a latitude in degrees from -90 to 90")
        }
    }
}
