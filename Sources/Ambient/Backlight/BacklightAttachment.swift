import Glibc
import SystemSupport

/// Which backlights belong to a panel, found by what they are attached to rather than by name.
///
/// A panel's device-tree node names its backlight with a `backlight` property (a phandle): the
/// Raspberry Pi 7" Touch Display's panel names its I²C microcontroller `<bus>-0045`, which
/// registers the backlight itself (`drivers/regulator/rpi-panel-attiny-regulator.c`); Touch
/// Display 2's names a `pwm-backlight` device (`vc4-kms-dsi-ili9881-7inch-overlay.dts`); an SPI
/// panel's, a `gpio-backlight`. sysfs shows both ends: the panel device's
/// `of_node/backlight` and the backlight's device's `of_node/phandle`. A laptop's
/// `intel_backlight` instead is a child of its DRM connector (`card0-eDP-1`).
///
/// ```swift
/// let attached = BacklightAttachment(sysfsRoot: "/sys")
/// attached.isAttached("/sys/class/backlight/10-0045")   // true on a Pi with the 7" panel
/// ```
struct BacklightAttachment {
    /// The buses whose devices are panels that can name a backlight: DSI panels are
    /// `mipi-dsi` or `platform` devices (behind a bridge), SPI panels `spi`, some `i2c`.
    static let panelBuses = ["platform", "mipi-dsi", "spi", "i2c"]

    /// The most devices looked at on one bus (a Raspberry Pi has a few hundred platform
    /// devices).
    static let devicesPerBus = 2048

    /// The phandles the panels' `backlight` properties point at.
    let linked: Set<[UInt8]>

    /// Reads every panel's `backlight` link under `sysfsRoot`.
    init(sysfsRoot: String) {
        var linked = Set<[UInt8]>()
        for bus in Self.panelBuses {
            let devices = "\(sysfsRoot)/bus/\(bus)/devices"
            for device in SysfsFile.entries(of: devices).prefix(Self.devicesPerBus) {
                if let handle = Self.phandle("\(devices)/\(device)/of_node/backlight") {
                    linked.insert(handle)
                }
            }
        }
        self.linked = linked
    }

    /// Whether the backlight at `directory` is one a panel names, or belongs to a DRM
    /// connector.
    func isAttached(_ directory: String) -> Bool {
        if let own = Self.phandle(directory + "/device/of_node/phandle"), linked.contains(own) {
            return true
        }
        return Self.isConnectorChild(directory)
    }

    /// A 4-byte phandle property, as the kernel shows it (big-endian); nil without one.
    private static func phandle(_ path: String) -> [UInt8]? {
        guard case .success(let bytes) = BoundedFile.read(path, limit: 16), bytes.count == 4
        else { return nil }
        return bytes
    }

    /// Whether the backlight's device is a DRM connector (`…/drm/card0/card0-eDP-1`).
    private static func isConnectorChild(_ directory: String) -> Bool {
        guard let resolved = realpath(directory + "/device", nil) else { return false }
        defer { free(resolved) }
        let parts = String(cString: resolved).split(separator: "/")
        guard parts.count >= 3, parts[parts.count - 3] == "drm" else { return false }
        let card = parts[parts.count - 2]
        return card.hasPrefix("card") && parts[parts.count - 1].hasPrefix(card + "-")
    }
}
