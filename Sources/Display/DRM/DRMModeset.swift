import CDRM

/// What a connector is, read once from `drmModeGetConnector`: name, status, modes, encoders.
struct DRMConnector {
    /// The kernel object id.
    let id: UInt32
    /// `HDMI-A-1`, `DSI-1`, `Virtual-1`: type name and per-type index, as the kernel logs it.
    let name: String
    /// Whether a display is attached.
    let isConnected: Bool
    /// The modes the display offers, the preferred one flagged.
    let modes: [drmModeModeInfo]
    /// The encoder currently attached (0 for none).
    let currentEncoder: UInt32
    /// Encoders that can feed this connector.
    let encoders: [UInt32]

    /// Reads connector `id`; `probe` forces the driver to re-detect the display (slow on some
    /// hardware), otherwise the last known state is returned.
    init?(fd: Int32, id: UInt32, probe: Bool = true) {
        guard let c = probe ? drmModeGetConnector(fd, id) : drmModeGetConnectorCurrent(fd, id)
        else { return nil }
        defer { drmModeFreeConnector(c) }
        let typeName =
            drmModeGetConnectorTypeName(c.pointee.connector_type)
            .map { String(cString: $0) } ?? "Unknown"
        self.init(
            id: id, name: "\(typeName)-\(c.pointee.connector_type_id)",
            isConnected: c.pointee.connection == DRM_MODE_CONNECTED,
            modes: (0..<Int(c.pointee.count_modes)).map { c.pointee.modes[$0] },
            currentEncoder: c.pointee.encoder_id,
            encoders: (0..<Int(c.pointee.count_encoders)).map { c.pointee.encoders[$0] })
    }

    /// A connector from known values (what the kernel would report).
    init(
        id: UInt32, name: String, isConnected: Bool, modes: [drmModeModeInfo],
        currentEncoder: UInt32 = 0, encoders: [UInt32] = []
    ) {
        self.id = id
        self.name = name
        self.isConnected = isConnected
        self.modes = modes
        self.currentEncoder = currentEncoder
        self.encoders = encoders
    }

    /// The modes as `WxH@Hz`, the preferred one first and marked `*`, each once (modes that
    /// differ only in timings read the same).
    var modeList: [String] {
        var seen = Set<String>()
        return modes.sorted { $0.isPreferred && !$1.isPreferred }
            .map { $0.isPreferred ? "\($0.summary)*" : $0.summary }
            .filter { seen.insert($0).inserted }
    }

    /// `HDMI-A-1 (connected)`.
    var summary: String { "\(name) (\(isConnected ? "connected" : "disconnected"))" }
}

extension drmModeModeInfo {
    /// Whether the display marks this mode preferred (its native resolution).
    var isPreferred: Bool { type & UInt32(DRM_MODE_TYPE_PREFERRED) != 0 }

    /// `1920x1080@60`.
    var summary: String { "\(hdisplay)x\(vdisplay)@\(vrefresh)" }

    /// Seconds per refresh: the pixel clock (kHz) over the total pixels of a frame, else
    /// `vrefresh`, else 60 Hz; within 1 to 1000 Hz.
    var refreshInterval: Double {
        let total = Double(htotal) * Double(vtotal)
        var hz = clock > 0 && total > 0 ? Double(clock) * 1000 / total : Double(vrefresh)
        if !(1...1000).contains(hz) { hz = 60 }
        return 1 / hz
    }
}

/// The card's object lists from `drmModeGetResources`.
struct DRMResources {
    let connectors: [UInt32]
    let encoders: [UInt32]
    let crtcs: [UInt32]

    init(device: DRMDevice) throws(DRMError) {
        guard let r = drmModeGetResources(device.fd) else {
            throw .notModesetting(path: device.path, reason: "no KMS resources (render-only node?)")
        }
        defer { drmModeFreeResources(r) }
        connectors = (0..<Int(r.pointee.count_connectors)).map { r.pointee.connectors[$0] }
        encoders = (0..<Int(r.pointee.count_encoders)).map { r.pointee.encoders[$0] }
        crtcs = (0..<Int(r.pointee.count_crtcs)).map { r.pointee.crtcs[$0] }
    }
}

/// The choices of a modeset: which connector, which mode, which CRTC.
struct DRMModeset {
    let connector: DRMConnector
    let mode: drmModeModeInfo
    let crtc: UInt32

    /// Picks a connector (by `name`, or the first connected), a mode (`requested`, or the
    /// preferred one, or the first) and a CRTC that can drive it.
    init(
        device: DRMDevice, resources: DRMResources, connectorName: String?,
        requested: VideoMode?
    ) throws(DRMError) {
        let all = resources.connectors.compactMap { DRMConnector(fd: device.fd, id: $0) }
        let chosen = try DRMModeset.pickConnector(all, named: connectorName, path: device.path)
        connector = chosen
        mode = try DRMModeset.pickMode(chosen, requested: requested)
        let current = DRMModeset.crtc(ofEncoder: chosen.currentEncoder, fd: device.fd)
        let masks = chosen.encoders.map { DRMModeset.possibleCRTCs(ofEncoder: $0, fd: device.fd) }
        guard
            let crtc = DRMModeset.pickCRTC(
                current: current, possibleMasks: masks, crtcs: resources.crtcs)
        else { throw .noCRTC(connector: chosen.name) }
        self.crtc = crtc
    }

    /// The connector named `name` (a full name, or a kind: the connected one of that kind,
    /// ``DRMConnectorName``), or the first connected one with modes; the errors list every
    /// connector with its status.
    static func pickConnector(_ all: [DRMConnector], named name: String?, path: String)
        throws(DRMError) -> DRMConnector
    {
        if let name {
            let named = all.filter { DRMConnectorName.matches($0.name, wanted: name) }
            guard !named.isEmpty else {
                throw .connectorNotFound(name: name, available: all.map(\.summary))
            }
            guard let connected = named.first(where: \.isConnected) else {
                throw .noConnectedConnector(path: path, available: all.map(\.summary))
            }
            return connected
        }
        guard let first = all.first(where: { $0.isConnected && !$0.modes.isEmpty }) else {
            throw .noConnectedConnector(path: path, available: all.map(\.summary))
        }
        return first
    }

    /// The requested mode (refresh within 1 Hz when given; preferred first among equals), or
    /// the preferred mode, or the first listed.
    static func pickMode(_ connector: DRMConnector, requested: VideoMode?) throws(DRMError)
        -> drmModeModeInfo
    {
        let modes = connector.modes.sorted { $0.isPreferred && !$1.isPreferred }
        guard let requested else {
            guard let first = modes.first else {
                throw .modeUnavailable(requested: "any", available: [])
            }
            return first
        }
        let match = modes.first { m in
            Int(m.hdisplay) == requested.width && Int(m.vdisplay) == requested.height
                && (requested.refresh.map { abs(Int(m.vrefresh) - $0) <= 1 } ?? true)
        }
        guard let match else {
            throw .modeUnavailable(
                requested: requested.description, available: connector.modeList)
        }
        return match
    }

    /// The CRTC already feeding the connector (`current`, 0 for none), or the first of
    /// `crtcs` that one of its encoders can drive (`possibleMasks`: each encoder's
    /// `possible_crtcs`, bit i for `crtcs[i]`).
    static func pickCRTC(current: UInt32, possibleMasks: [UInt32], crtcs: [UInt32]) -> UInt32? {
        if current != 0 { return current }
        for mask in possibleMasks {
            for (i, crtc) in crtcs.enumerated() where i < 32 && mask & (1 << i) != 0 {
                return crtc
            }
        }
        return nil
    }

    /// The CRTC encoder `id` feeds now (0 for none or no encoder).
    private static func crtc(ofEncoder id: UInt32, fd: Int32) -> UInt32 {
        guard id != 0, let e = drmModeGetEncoder(fd, id) else { return 0 }
        defer { drmModeFreeEncoder(e) }
        return e.pointee.crtc_id
    }

    /// The `possible_crtcs` mask of encoder `id` (0 when it cannot be read).
    private static func possibleCRTCs(ofEncoder id: UInt32, fd: Int32) -> UInt32 {
        guard let e = drmModeGetEncoder(fd, id) else { return 0 }
        defer { drmModeFreeEncoder(e) }
        return e.pointee.possible_crtcs
    }
}

/// The CRTC's configuration before we touched it; restores it when released.
///
/// Restoring gives the console (fbcon) or the previous compositor its picture back, whether
/// the program exits normally, throws half-way through opening, or is stopped by SIGTERM.
final class SavedCRTC {
    private let fd: Int32
    private var crtc: UnsafeMutablePointer<drmModeCrtc>?
    private let connector: UInt32

    /// Saves CRTC `id`'s state, to restore on connector `connector`.
    init(fd: Int32, id: UInt32, connector: UInt32) {
        self.fd = fd
        self.connector = connector
        crtc = drmModeGetCrtc(fd, id)
    }

    /// Puts the saved framebuffer and mode back (idempotent); returns the libdrm result.
    @discardableResult
    func restore() -> Int32 {
        guard let c = crtc else { return 0 }
        crtc = nil
        defer { drmModeFreeCrtc(c) }
        var conn = connector
        var mode = c.pointee.mode
        guard c.pointee.mode_valid != 0, c.pointee.buffer_id != 0 else {
            // It was off: turn it off again.
            return drmModeSetCrtc(fd, c.pointee.crtc_id, 0, 0, 0, nil, 0, nil)
        }
        return drmModeSetCrtc(
            fd, c.pointee.crtc_id, c.pointee.buffer_id, c.pointee.x, c.pointee.y, &conn, 1, &mode)
    }

    /// Forgets the saved state without restoring it (another VT owns the display now).
    func discard() {
        guard let c = crtc else { return }
        crtc = nil
        drmModeFreeCrtc(c)
    }

    deinit { restore() }
}
