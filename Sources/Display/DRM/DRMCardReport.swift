import CDRM

/// What a DRM card offers, for `nightstand displays`: driver, connectors, status, modes.
public struct DRMCardReport: Sendable, CustomStringConvertible {
    /// One connector on the card.
    public struct Connector: Sendable {
        /// `HDMI-A-1`.
        public let name: String
        /// Whether a display is attached.
        public let isConnected: Bool
        /// Modes as `WxH@Hz`, the preferred one first and marked `*`.
        public let modes: [String]
    }

    /// `/dev/dri/card0`.
    public let path: String
    /// The kernel driver, or nil when the card could not be opened.
    public let driver: String?
    /// The connectors, empty when the card could not be opened.
    public let connectors: [Connector]
    /// Why the card could not be read, if it could not.
    public let problem: String?

    /// Reads every `/dev/dri/card*` (without modesetting or becoming master).
    public static func scan() -> [DRMCardReport] {
        DeviceNode.numbered("/dev/dri/card").map(read)
    }

    /// Reads one card.
    public static func read(_ path: String) -> DRMCardReport {
        do {
            let device = try DRMDevice(path: path)
            device.dropMaster()
            let resources = try DRMResources(device: device)
            let connectors = resources.connectors.compactMap { DRMConnector(fd: device.fd, id: $0) }
                .map { Connector(name: $0.name, isConnected: $0.isConnected, modes: $0.modeList) }
            return DRMCardReport(
                path: path, driver: device.driver, connectors: connectors, problem: nil)
        } catch {
            return DRMCardReport(
                path: path, driver: nil, connectors: [], problem: error.description)
        }
    }

    /// Indented lines: the card, then each connector with its status and modes.
    public var description: String {
        guard let driver else { return "\(path): \(problem ?? "unreadable")" }
        var lines = ["\(path): driver \(driver)"]
        for c in connectors {
            lines.append("  \(c.name): \(c.isConnected ? "connected" : "disconnected")")
            if !c.modes.isEmpty { lines.append("    modes: \(c.modes.joined(separator: " "))") }
        }
        if connectors.isEmpty { lines.append("  no connectors") }
        return lines.joined(separator: "\n")
    }
}
