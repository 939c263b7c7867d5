import CDRM
import Raster

#if canImport(Glibc)
    import Glibc
#endif

/// A frame sink on a DRM/KMS card: dumb buffers, one modeset, then page flips or DirtyFB.
///
/// Opening picks the card, a connected connector, a mode and a CRTC, saves the CRTC's state,
/// allocates two dumb buffers and sets the mode once. Each present converts only the damaged
/// pixels (plus what the back buffer missed while it was on screen) into the back buffer and
/// queues a page flip with an event; the next present waits for that event on the DRM fd
/// before touching the buffer again. Flips are never assumed to pace at any rate.
///
/// Drivers that refuse page flips get one buffer scanned out directly and `drmModeDirtyFB`
/// with the damage clips after each copy: small SPI panels (tinydrm / mipi-dbi) only update
/// that way. A driver answering ENOSYS to DirtyFB does not need it; that is logged once.
///
/// ```swift
/// let sink = try DRMSink(devicePath: nil, connector: "HDMI-A-1", mode: nil,
///                        format: nil, rotation: .degrees0, log: { print($0) })
/// try sink.present(canvas, damage: rects)
/// sink.close()   // the console's picture comes back
/// ```
public final class DRMSink: FrameSink {
    /// The canvas size (the mode's, turned by the rotation).
    public let size: PixelSize
    /// The dumb buffers' pixel layout.
    public let format: PixelFormat
    /// How the canvas is turned onto the panel.
    public let rotation: Rotation

    private let device: DRMDevice
    private let modeset: DRMModeset
    private let converter: FrameConverter
    private let log: @Sendable (String) -> Void
    private var saved: SavedCRTC?
    private var buffers: [DumbBuffer]
    private var tracker: DamageTracker
    private var front = 0
    private var flips: Bool
    private var flipPending = false
    private let flipDone = UnsafeMutablePointer<Bool>.allocate(capacity: 1)
    private var dirtyFBNeeded = true
    private var isMaster = true
    private var needsModeset = false
    private var isBlanked = false
    private var lastCanvas: Canvas?
    private var lastConnectorCheck = 0.0
    private var closed = false

    // MARK: Lifecycle

    /// Opens `devicePath` (or the first card with a connected connector), sets `mode` (or the
    /// preferred one) on `connector` (or the first connected) in `format` (XRGB8888 unless
    /// given, or RGB565 when the driver prefers 16 bits).
    public init(
        devicePath: String?, connector: String? = nil, mode: DisplayMode? = nil,
        format: PixelFormat? = nil, rotation: Rotation = .degrees0, pageFlips: Bool = true,
        log: @escaping @Sendable (String) -> Void
    ) throws(DRMError) {
        self.log = log
        self.rotation = rotation
        flips = pageFlips
        device = try DRMSink.openCard(devicePath, connector: connector)
        let resources = try DRMResources(device: device)
        modeset = try DRMModeset(
            device: device, resources: resources, connectorName: connector, requested: mode)
        let chosenFormat = format ?? (device.prefersRGB565 ? .rgb565 : .xrgb8888)
        self.format = chosenFormat
        let panel = PixelSize(width: Int(modeset.mode.hdisplay), height: Int(modeset.mode.vdisplay))
        size = rotation.panelSize(canvasSize: panel)
        converter = FrameConverter(canvasSize: size, format: chosenFormat, rotation: rotation)
        saved = SavedCRTC(fd: device.fd, id: modeset.crtc, connector: modeset.connector.id)
        let device = self.device
        buffers = try (0..<2).map { _ throws(DRMError) in
            try DumbBuffer(
                device: device, width: panel.width, height: panel.height, format: chosenFormat)
        }
        tracker = DamageTracker(buffers: 2, bounds: IntRect(size: size))
        flipDone.initialize(to: false)
        try setCRTC(buffer: 0)
        log("drm: \(description)")
    }

    /// Opens the given card, or the first `/dev/dri/card*` with a connected connector (named
    /// `connector` when given).
    private static func openCard(_ path: String?, connector: String?) throws(DRMError) -> DRMDevice
    {
        if let path { return try DRMDevice(path: path) }
        let cards = DeviceNode.numbered("/dev/dri/card")
        guard !cards.isEmpty else { throw .noCard }
        var firstError: DRMError?
        for card in cards {
            do {
                let device = try DRMDevice(path: card)
                let resources = try DRMResources(device: device)
                let usable = resources.connectors.compactMap { DRMConnector(fd: device.fd, id: $0) }
                    .contains { $0.isConnected && (connector == nil || $0.name == connector) }
                if usable { return device }
                if firstError == nil {
                    firstError = .noConnectedConnector(
                        path: card,
                        available: resources.connectors
                            .compactMap { DRMConnector(fd: device.fd, id: $0)?.summary })
                }
            } catch {
                if firstError == nil { firstError = error }
            }
        }
        throw firstError ?? .noCard
    }

    /// `drm /dev/dri/card0 (bochs-drm) Virtual-1 1024x768@75 xrgb8888, rotation 0, page flips`.
    public var description: String {
        "\(device.path) (\(device.driver)) \(modeset.connector.name) \(modeset.mode.summary) "
            + "\(format), rotation \(rotation), \(flips ? "page flips" : "single buffer + DirtyFB")"
    }

    /// Points the CRTC at buffer `index` with the chosen mode (the one full modeset).
    private func setCRTC(buffer index: Int) throws(DRMError) {
        var connector = modeset.connector.id
        var mode = modeset.mode
        let r = drmModeSetCrtc(
            device.fd, modeset.crtc, buffers[index].framebuffer, 0, 0, &connector, 1, &mode)
        guard r == 0 else {
            throw .ioctlFailed(path: device.path, step: "drmModeSetCrtc", errno: drmErrno(r))
        }
        front = index
        needsModeset = false
    }

    // MARK: Presenting

    /// Converts the damage into the back buffer and flips to it (or copies into the scanned-out
    /// buffer and sends DirtyFB clips when flips are not available).
    public func present(_ canvas: Canvas, damage: [IntRect]) throws {
        guard !closed else { return }
        tracker.add(Damage.normalized(damage, in: canvas.bounds))
        lastCanvas = canvas
        guard !isBlanked, try ensureScanout(), connectorStillThere() else { return }
        try waitForPendingFlip()
        if flips {
            let back = 1 - front
            copy(canvas, into: back)
            let r = drmModePageFlip(
                device.fd, modeset.crtc, buffers[back].framebuffer,
                UInt32(DRM_MODE_PAGE_FLIP_EVENT), UnsafeMutableRawPointer(flipDone))
            if r == 0 {
                flipDone.pointee = false
                flipPending = true
                front = back
                return
            }
            try flipFailed(errno: drmErrno(r))
        }
        let rects = copy(canvas, into: front)
        markDirty(rects)
    }

    /// Converts what buffer `index` owes from `canvas`; returns the panel rectangles written.
    @discardableResult
    private func copy(_ canvas: Canvas, into index: Int) -> [IntRect] {
        let buffer = buffers[index]
        return converter.copy(
            canvas, rects: tracker.take(index), to: buffer.mapping.base, stride: buffer.pitch)
    }

    /// A failed flip: lost master or connector (modeset again later), or a driver without flips
    /// (fall back to one buffer + DirtyFB).
    private func flipFailed(errno e: Int32) throws {
        switch e {
        case EACCES, EPERM:
            isMaster = false
            needsModeset = true
            tracker.invalidateAll()
            log("drm: lost DRM master (VT switch?); waiting to get it back")
        case EBUSY:
            tracker.invalidateAll()
        case EINVAL, ENOSYS, EOPNOTSUPP:
            log("drm: page flip refused (\(DeviceNode.describe(e))); single buffer + DirtyFB")
            flips = false
            tracker.invalidateAll()
            try setCRTC(buffer: front)
        default:
            needsModeset = true
            tracker.invalidateAll()
            log("drm: page flip failed: \(DeviceNode.describe(e)); will modeset again")
        }
    }

    /// Sends the written rectangles as DirtyFB clips, once-logged when not needed.
    private func markDirty(_ rects: [IntRect]) {
        guard dirtyFBNeeded, !rects.isEmpty else { return }
        var clips = rects.map {
            drm_clip_rect(
                x1: UInt16($0.x), y1: UInt16($0.y), x2: UInt16($0.maxX), y2: UInt16($0.maxY))
        }
        let r = drmModeDirtyFB(device.fd, buffers[front].framebuffer, &clips, UInt32(clips.count))
        if r != 0 {
            let e = drmErrno(r)
            if e == ENOSYS || e == EOPNOTSUPP {
                log("drm: \(device.driver) answers DirtyFB with ENOSYS: not needed, not sent again")
                dirtyFBNeeded = false
            } else {
                log("drm: drmModeDirtyFB failed: \(DeviceNode.describe(e))")
            }
        }
    }

    /// Waits on the DRM fd for the flip event of the previous present (EINTR retried, up to a
    /// second: flips are not assumed to come at any rate, but a lost event must not hang us).
    private func waitForPendingFlip() throws {
        guard flipPending else { return }
        var context = drmEventContext()
        context.version = 2
        context.page_flip_handler = { _, _, _, _, data in
            data?.assumingMemoryBound(to: Bool.self).pointee = true
        }
        var waited = 0
        while !flipDone.pointee && waited < 1000 {
            var pfd = pollfd(fd: device.fd, events: Int16(POLLIN), revents: 0)
            let r = poll(&pfd, 1, 100)
            if r < 0 && errno == EINTR { continue }
            if r < 0 {
                throw DRMError.ioctlFailed(path: device.path, step: "poll", errno: errno)
            }
            if r == 0 {
                waited += 100
                continue
            }
            _ = drmHandleEvent(device.fd, &context)
        }
        if !flipDone.pointee { log("drm: no page-flip event within 1 s; going on") }
        flipPending = false
    }

    /// Makes sure the CRTC scans out our buffer; false while nothing can be shown.
    ///
    /// Re-acquires master and re-checks the connector (at most once a second while it is gone).
    private func ensureScanout() throws -> Bool {
        if !isMaster {
            guard device.acquireMaster() == nil else { return false }
            isMaster = true
            needsModeset = true
            log("drm: DRM master back")
        }
        guard needsModeset else { return true }
        let now = Self.monotonicSeconds()
        guard now - lastConnectorCheck >= 1 else { return false }
        lastConnectorCheck = now
        guard let connector = DRMConnector(fd: device.fd, id: modeset.connector.id),
            connector.isConnected
        else { return false }
        flipPending = false
        tracker.invalidateAll()
        try setCRTC(buffer: front)
        log("drm: \(connector.name) is back; mode set again")
        return true
    }

    /// Re-reads the connector's last known status (no probe) at most once a second; when it
    /// went away, stops scanning out until it comes back.
    private func connectorStillThere() -> Bool {
        let now = Self.monotonicSeconds()
        guard now - lastConnectorCheck >= 1 else { return true }
        lastConnectorCheck = now
        let current = DRMConnector(fd: device.fd, id: modeset.connector.id, probe: false)
        guard current?.isConnected == false else { return true }
        log("drm: \(modeset.connector.name) unplugged; will set the mode again when it returns")
        needsModeset = true
        flipPending = false
        return false
    }

    /// Seconds on the monotonic clock.
    private static func monotonicSeconds() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    // MARK: Blanking

    /// Turns the panel off or back on.
    ///
    /// Uses the connector's DPMS property, or, where there is none, shows black (the backlight
    /// is Ambient's business). Unblanking shows the latest frame.
    public func blank(_ blanked: Bool) throws {
        guard blanked != isBlanked, !closed else { return }
        try waitForPendingFlip()
        if let dpms = dpmsProperty() {
            let value = UInt64(blanked ? DRM_MODE_DPMS_OFF : DRM_MODE_DPMS_ON)
            let r = drmModeConnectorSetProperty(device.fd, modeset.connector.id, dpms, value)
            if r != 0 {
                log("drm: setting DPMS failed: \(DeviceNode.describe(drmErrno(r))); showing black")
                showBlack(blanked)
            }
        } else {
            showBlack(blanked)
        }
        isBlanked = blanked
        if !blanked {
            tracker.invalidateAll()
            if let canvas = lastCanvas { try present(canvas, damage: []) }
        }
    }

    /// The connector's `DPMS` property id, if it has one.
    private func dpmsProperty() -> UInt32? {
        guard
            let props = drmModeObjectGetProperties(
                device.fd, modeset.connector.id, UInt32(DRM_MODE_OBJECT_CONNECTOR))
        else { return nil }
        defer { drmModeFreeObjectProperties(props) }
        for i in 0..<Int(props.pointee.count_props) {
            guard let prop = drmModeGetProperty(device.fd, props.pointee.props[i]) else { continue }
            defer { drmModeFreeProperty(prop) }
            let name = withUnsafeBytes(of: prop.pointee.name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name == "DPMS" { return prop.pointee.prop_id }
        }
        return nil
    }

    /// Fills the scanned-out buffer with black (blanking without DPMS).
    private func showBlack(_ blanked: Bool) {
        guard blanked else { return }
        let buffer = buffers[front]
        memset(buffer.mapping.base, 0, buffer.mapping.length)
        tracker.invalidateAll()
        markDirty([IntRect(size: converter.panelSize)])
    }

    // MARK: VT switching

    /// Gives up DRM master (call when the VT is switched away); presents are skipped until
    /// ``resumeAfterVTSwitch()``.
    public func releaseForVTSwitch() {
        try? waitForPendingFlip()
        device.dropMaster()
        isMaster = false
        needsModeset = true
        tracker.invalidateAll()
    }

    /// Takes DRM master back and sets the mode again on the next present.
    public func resumeAfterVTSwitch() {
        lastConnectorCheck = 0
        if device.acquireMaster() == nil { isMaster = true }
    }

    // MARK: Teardown

    /// Gives the display back as it was found.
    ///
    /// Waits for an outstanding flip, restores the saved CRTC (the console's picture), then
    /// frees buffers and closes the card. Idempotent; also run by `deinit`.
    public func close() {
        guard !closed else { return }
        closed = true
        try? waitForPendingFlip()
        if isBlanked, let dpms = dpmsProperty() {
            _ = drmModeConnectorSetProperty(
                device.fd, modeset.connector.id, dpms, UInt64(DRM_MODE_DPMS_ON))
        }
        if let saved, saved.restore() != 0 {
            log("drm: restoring the CRTC failed (is another process master?)")
        }
        saved = nil
        for buffer in buffers.reversed() { buffer.release() }
        buffers = []
        device.file.close()
        lastCanvas = nil
    }

    deinit {
        close()
        flipDone.deallocate()
    }
}
