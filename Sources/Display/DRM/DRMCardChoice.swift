/// What one `/dev/dri/card*` offers, read without modesetting: enough to choose the card that
/// drives the screen, and to say why the others were not used.
///
/// A Raspberry Pi 4 or 5 has a render-only `v3d` card (no connectors, no dumb buffers) beside
/// `vc4`, and a Pi 5 a `drm-rp1-dsi` card per DSI port; which one is `card0` is the order the
/// drivers probed in, so the choice reads what each card drives instead of trusting numbers.
struct DRMCardSummary: Equatable, Sendable {
    /// One connector: its name and whether a display is attached and offers modes.
    struct Connector: Equatable, Sendable {
        /// `HDMI-A-1`, `DSI-2`.
        let name: String
        /// Whether a display is attached.
        let isConnected: Bool
        /// Whether the display offers at least one mode.
        let hasModes: Bool
    }

    /// `/dev/dri/card1`.
    let path: String
    /// The kernel driver (`vc4`, `v3d`, `drm-rp1-dsi`); nil when the card could not be opened.
    let driver: String?
    /// Why the card could not be opened or read, if it could not.
    let problem: String?
    /// Whether this user was not allowed to open it (udev gives a new card its group a moment
    /// after the kernel announced it).
    let isDenied: Bool
    /// Whether the driver allocates dumb buffers (`DRM_CAP_DUMB_BUFFER`).
    let hasDumbBuffers: Bool
    /// Its connectors, empty for a render-only card.
    let connectors: [Connector]

    /// A card that could be read.
    init(path: String, driver: String, hasDumbBuffers: Bool, connectors: [Connector]) {
        self.path = path
        self.driver = driver
        problem = nil
        isDenied = false
        self.hasDumbBuffers = hasDumbBuffers
        self.connectors = connectors
    }

    /// A card that could not be opened or read, and why (`isDenied`: not allowed to open it).
    init(path: String, driver: String? = nil, problem: String, isDenied: Bool = false) {
        self.path = path
        self.driver = driver
        self.problem = problem
        self.isDenied = isDenied
        hasDumbBuffers = false
        connectors = []
    }

    /// Reads the card at `path`: opens it, asks its driver, its dumb-buffer capability and its
    /// connectors' state (the connectors are probed, as a modeset would).
    static func read(_ path: String) -> DRMCardSummary {
        let device: DRMDevice
        do {
            device = try DRMDevice(path: path, requireDumbBuffers: false)
        } catch {
            guard case .permissionDenied = error else {
                return DRMCardSummary(path: path, problem: error.description)
            }
            return DRMCardSummary(path: path, problem: error.description, isDenied: true)
        }
        defer { device.file.close() }
        guard device.hasDumbBuffers else {
            return DRMCardSummary(
                path: path, driver: device.driver, hasDumbBuffers: false, connectors: [])
        }
        guard let resources = try? DRMResources(device: device) else {
            return DRMCardSummary(
                path: path, driver: device.driver, problem: "no KMS resources (render-only)")
        }
        let connectors = resources.connectors.compactMap { DRMConnector(fd: device.fd, id: $0) }
            .map {
                Connector(name: $0.name, isConnected: $0.isConnected, hasModes: !$0.modes.isEmpty)
            }
        return DRMCardSummary(
            path: path, driver: device.driver, hasDumbBuffers: true, connectors: connectors)
    }

    /// The connectors a modeset could use: connected ones with modes that match `wanted`
    /// (a name or a kind, ``DRMConnectorName/matches(_:wanted:)``; nil takes any).
    func usableConnectors(wanted: String?) -> [Connector] {
        connectors.filter { connector in
            connector.isConnected && connector.hasModes
                && (wanted.map { DRMConnectorName.matches(connector.name, wanted: $0) } ?? true)
        }
    }

    /// Why this card cannot drive a `wanted` screen (nil when it can): `no dumb buffers
    /// (render-only)`, `no connected connector (HDMI-A-1 disconnected)`, `no connected DSI
    /// connector (HDMI-A-1 connected)`, or why it could not be opened.
    func reason(wanted: String?) -> String? {
        if let problem { return problem }
        guard hasDumbBuffers else { return "no dumb buffers (render-only)" }
        guard usableConnectors(wanted: wanted).isEmpty else { return nil }
        let states = connectors.map {
            "\($0.name) \($0.isConnected ? ($0.hasModes ? "connected" : "connected, no modes") : "disconnected")"
        }
        let what = wanted.map { "no connected \($0) connector" } ?? "no connected connector"
        return what + " (" + (states.isEmpty ? "no connectors" : states.joined(separator: ", "))
            + ")"
    }

    /// Every `/dev/dri/card*`, by number.
    static func readAll() -> [DRMCardSummary] {
        DeviceNode.numbered("/dev/dri/card").map(read)
    }

    /// `/dev/dri/card0 (v3d)`.
    var label: String { driver.map { "\(path) (\($0))" } ?? path }
}

/// Which card drives the screen, by what the cards drive rather than by their numbers.
enum DRMCardChoice {
    /// The card with a connected connector matching `connector` (any, when nil) and dumb
    /// buffers; among several, one whose screen is a built-in panel
    /// (``DRMConnectorName/isBuiltInPanel(_:)``) before an external one, then the first in
    /// `cards`' order (by number).
    ///
    /// - Throws: ``DRMError/noCard`` for no card at all, else
    ///   ``DRMError/noUsableCard(cards:)`` saying of each card why it was not used.
    static func choose(_ cards: [DRMCardSummary], connector: String?) throws(DRMError)
        -> DRMCardSummary
    {
        guard !cards.isEmpty else { throw .noCard }
        let usable = cards.filter { $0.reason(wanted: connector) == nil }
        if let panel = usable.first(where: {
            $0.usableConnectors(wanted: connector).contains {
                DRMConnectorName.isBuiltInPanel($0.name)
            }
        }) {
            return panel
        }
        guard let first = usable.first else {
            throw .noUsableCard(
                cards: cards.map { "\($0.label): \($0.reason(wanted: connector) ?? "usable")" })
        }
        return first
    }
}

/// How `[display] connector` names connectors: a full name (`HDMI-A-1`) or a kind alone
/// (`DSI`, `HDMI-A`, `SPI`), which matches every connector of that kind.
///
/// Connector names are the kernel's type name and a number per type counted over all cards
/// (`drm_connector_init`), so the same panel is `DSI-1` or `DSI-2` on a Raspberry Pi 5
/// depending on which port's card registered first; a kind names it either way.
enum DRMConnectorName {
    /// Whether connector `name` is `wanted`: the same name, or `wanted` followed by `-` and the
    /// connector's number.
    static func matches(_ name: String, wanted: String) -> Bool {
        if name == wanted { return true }
        guard name.hasPrefix(wanted + "-") else { return false }
        let number = name.dropFirst(wanted.count + 1)
        return !number.isEmpty && number.allSatisfy(\.isASCII) && number.allSatisfy(\.isNumber)
    }

    /// The kinds of connector that are a panel built into the device rather than a screen on a
    /// cable: DSI, DPI, SPI, LVDS, eDP.
    static let builtInKinds = ["DSI", "DPI", "SPI", "LVDS", "eDP"]

    /// Whether connector `name` is a built-in panel's.
    static func isBuiltInPanel(_ name: String) -> Bool {
        builtInKinds.contains { matches(name, wanted: $0) }
    }
}
