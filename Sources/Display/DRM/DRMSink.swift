import CDRM
import Raster

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
/// Losing the display is survived, never fatal: DRM master taken by another session (the
/// next presents take it back), the connector unplugged (the mode is set again when it
/// returns), and VT switches (``releaseDisplay()`` / ``acquireDisplay()``; see
/// ``VTSwitchSignals``). The decisions live in `DRMScanout`.
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

    private let output: DRMKernelOutput
    private let scanout: DRMScanout
    private let log: @Sendable (String) -> Void
    private var saved: SavedCRTC?
    private var console: VirtualTerminal?
    private var closed = false

    // MARK: Lifecycle

    /// Opens `devicePath` (or the card that drives a connected screen, whatever its number),
    /// sets `mode` (or the preferred one) on `connector` (a name such as `HDMI-A-1` or a kind
    /// such as `DSI`; the connected one when nil) in `format` (XRGB8888 unless given, or RGB565
    /// when the driver prefers 16 bits).
    ///
    /// With `vtSwitchSignals`, it also takes the active VT (graphics mode, switches only with
    /// our consent: see ``VTSwitchSignals``); the caller must handle those signals already.
    public init(
        devicePath: String?, connector: String? = nil, mode: VideoMode? = nil,
        format: PixelFormat? = nil, rotation: Rotation = .degrees0, pageFlips: Bool = true,
        vtSwitchSignals: VTSwitchSignals? = nil, log: @escaping @Sendable (String) -> Void
    ) throws(DRMError) {
        self.log = log
        self.rotation = rotation
        let device = try DRMSink.openCard(devicePath, connector: connector)
        let resources = try DRMResources(device: device)
        let modeset = try DRMModeset(
            device: device, resources: resources, connectorName: connector, requested: mode)
        let chosenFormat = format ?? (device.prefersRGB565 ? .rgb565 : .xrgb8888)
        self.format = chosenFormat
        let panel = PixelSize(width: Int(modeset.mode.hdisplay), height: Int(modeset.mode.vdisplay))
        size = rotation.panelSize(canvasSize: panel)
        saved = SavedCRTC(fd: device.fd, id: modeset.crtc, connector: modeset.connector.id)
        let buffers = try (0..<2).map { _ throws(DRMError) in
            try DumbBuffer(
                device: device, width: panel.width, height: panel.height, format: chosenFormat)
        }
        output = DRMKernelOutput(device: device, modeset: modeset, buffers: buffers)
        scanout = try DRMScanout(
            output: output,
            converter: FrameConverter(canvasSize: size, format: chosenFormat, rotation: rotation),
            flips: pageFlips, connectorName: modeset.connector.name, driver: device.driver,
            log: log)
        if let vtSwitchSignals {
            console = VirtualTerminal(backend: "drm", signals: vtSwitchSignals, log: log)
        }
        log("drm: \(description)")
    }

    /// Opens the given card, or the `/dev/dri/card*` that drives a connected screen matching
    /// `connector` (``DRMCardChoice``), whatever its number.
    private static func openCard(_ path: String?, connector: String?) throws(DRMError) -> DRMDevice
    {
        if let path { return try DRMDevice(path: path) }
        return try DRMDevice(
            path: DRMCardChoice.choose(DRMCardSummary.readAll(), connector: connector).path)
    }

    /// `/dev/dri/card0 (bochs-drm) Virtual-1 1024x768@75 xrgb8888, rotation 0, page flips`,
    /// and the VT when one was taken.
    public var description: String {
        "\(output.device.path) (\(output.device.driver)) \(output.modeset.connector.name) "
            + "\(output.modeset.mode.summary) \(format), rotation \(rotation), "
            + (scanout.flips ? "page flips" : "single buffer + DirtyFB")
            + (console.map { ", \($0.path)\($0.controlsSwitching ? " (VT switches)" : "")" } ?? "")
    }

    // MARK: Presenting

    /// Converts the damage into the back buffer and flips to it (or copies into the scanned-out
    /// buffer and sends DirtyFB clips when flips are not available).
    public func present(_ canvas: Canvas, damage: [IntRect]) throws {
        try scanout.present(canvas, damage: damage)
    }

    /// One second while the last frame could not reach the panel (master or connector lost).
    public var retryInterval: Double? { scanout.retryInterval }

    // MARK: Pacing

    /// Page-flip events on the card's descriptor while presents flip; a timer with one buffer
    /// and DirtyFB (an SPI panel has no vertical blank to wait for).
    public var framePacing: FramePacing {
        scanout.flips ? .pageFlipEvents(fd: output.device.fd) : .timer
    }

    /// One over the mode's refresh rate: its pixel clock over its total pixels per frame
    /// (`clock` in kHz × 1000 / (`htotal` × `vtotal`)), else its `vrefresh`, else 60 Hz.
    public var refreshInterval: Double { output.modeset.mode.refreshInterval }

    /// Takes the page-flip event of the last present if it is there, without waiting.
    @discardableResult
    public func takeFrameEvents() -> Bool { scanout.takeFlipEvents() }

    // MARK: Blanking

    /// Turns the panel off or back on.
    ///
    /// Uses the connector's DPMS property, or, where there is none, shows black (the backlight
    /// is Ambient's business). Unblanking shows the latest frame.
    public func blank(_ blanked: Bool) throws {
        try scanout.blank(blanked)
    }

    // MARK: VT switching

    /// Gives up DRM master and lets the pending VT switch go ahead; presents are remembered
    /// but not shown until ``acquireDisplay()``.
    public func releaseDisplay() {
        scanout.release()
        console?.allowSwitchAway()
    }

    /// Acknowledges the switch back and takes DRM master again; the next present sets the
    /// mode and copies the whole frame.
    public func acquireDisplay() {
        console?.acknowledgeSwitchBack()
        scanout.acquire()
    }

    // MARK: Teardown

    /// Gives the display back as it was found.
    ///
    /// Waits for an outstanding flip, restores the saved CRTC (the console's picture; not
    /// while the VT is switched away: the other VT owns the display then), frees buffers,
    /// closes the card, then gives the VT back. Idempotent; also run by `deinit`.
    public func close() {
        guard !closed else { return }
        closed = true
        scanout.close()
        if scanout.isReleased {
            saved?.discard()
        } else if let saved, saved.restore() != 0 {
            log("drm: restoring the CRTC failed (is another process master?)")
        }
        saved = nil
        output.releaseBuffers()
        output.device.file.close()
        console?.release()
        console = nil
    }

    /// Restores the saved CRTC and gives the VT back, from whatever thread, without waiting
    /// for a flip or freeing buffers: the process exits right after.
    public func restoreConsoleForExit() {
        if !scanout.isReleased { saved?.restore() }
        console?.release()
    }

    deinit { close() }
}
