import Raster

/// Where finished frames go: a panel driven through DRM/KMS or fbdev, or files (headless).
///
/// The host draws a whole screen into one ``Canvas`` of ``size`` and hands it over with the
/// rectangles it changed; the sink converts just those pixels into its framebuffer (pixel
/// format, rotation) and shows them. A sink is opened ready to present (see
/// ``DisplayConfiguration/openSink(log:)``), and ``close()`` gives the display back as it was
/// found: CRTC, console mode, blanking.
///
/// ```swift
/// let sink = try DisplayConfiguration(backend: .auto).openSink { print($0) }
/// let canvas = Canvas(size: sink.size)
/// canvas.clear(.black)
/// try sink.present(canvas, damage: [canvas.bounds])
/// sink.close()
/// ```
///
/// A sink is used from one thread. It is not paced: `present` returns once the frame is on the
/// way (flip queued, or written), and the host decides when to draw next; while something
/// moves, ``framePacing`` says how to wait for the next refresh.
public protocol FrameSink: AnyObject, CustomStringConvertible {
    /// The canvas size the sink expects, in pixels (the panel's, turned by the rotation).
    var size: PixelSize { get }

    /// The framebuffer's pixel layout the canvas is converted into.
    var format: PixelFormat { get }

    /// How the canvas is turned onto the panel.
    var rotation: Rotation { get }

    /// Shows `canvas`, copying only the `damage` rectangles (canvas pixels) into the
    /// framebuffer; the rest of the screen keeps the previous frame's pixels.
    ///
    /// The first present after opening (or after the display came back) copies everything,
    /// whatever `damage` says. An empty `damage` shows nothing new.
    func present(_ canvas: Canvas, damage: [IntRect]) throws

    /// Turns the display off (`true`: DPMS off or powerdown) or back on (`false`), for
    /// "display off at night". Frames presented while blanked are kept and shown on unblank.
    func blank(_ blanked: Bool) throws

    /// Stops using the display because the console switches to another VT: waits for the
    /// frame on its way, gives up DRM master, and lets the switch go ahead. Presents are then
    /// remembered but not shown until ``acquireDisplay()``.
    ///
    /// The host calls it on the release signal of ``VTSwitchSignals``; a sink without a VT of
    /// its own ignores it.
    func releaseDisplay()

    /// Takes the display back after the console switched back to our VT: DRM master, then a
    /// full modeset and a full copy on the next present, which the host makes at once.
    func acquireDisplay()

    /// How soon to present again, in seconds, when the last present could not reach the panel
    /// for a reason that goes away by itself (another session holds DRM master, the connector
    /// is unplugged); nil when every frame was shown, and while the VT is switched away (the
    /// acquire signal says when it is back).
    var retryInterval: Double? { get }

    /// Releases the display and restores what was there before (CRTC, console mode).
    /// Idempotent; also run by `deinit`.
    func close()

    /// Puts the console's picture and mode back for an exit that cannot wait for the thread
    /// that draws (a run loop stuck past the stop deadline): only the kernel calls of
    /// ``close()`` that restore what the console shows, nothing freed, no waiting for a flip.
    /// Callable from any thread, once; the process exits right after.
    func restoreConsoleForExit()

    // MARK: Pacing motion

    /// How the sink tells when it can take the next frame (see ``FramePacing``).
    var framePacing: FramePacing { get }

    /// Seconds between two refreshes of the panel (the mode's refresh rate): the frame time
    /// of motion paced by ``FramePacing/timer``.
    var refreshInterval: Double { get }

    /// Takes the frame events that arrived, without blocking (a DRM page-flip event: the
    /// frame presented last is on screen); returns whether no frame is still on its way, so
    /// that the next present will not wait.
    @discardableResult
    func takeFrameEvents() -> Bool

    /// Waits for the panel's next vertical blank, at most one refresh, where the sink paces
    /// by ``FramePacing/verticalBlank``; else returns at once.
    func waitForVerticalBlank()
}

extension FrameSink {
    /// Does nothing: the sink owns no console.
    public func releaseDisplay() {}

    /// Does nothing: the sink owns no console.
    public func acquireDisplay() {}

    /// Never: every present reaches the sink's output.
    public var retryInterval: Double? { nil }

    /// Does nothing: the sink shows nothing the console needs back.
    public func restoreConsoleForExit() {}

    /// Paced by a timer: nothing to wait on.
    public var framePacing: FramePacing { .timer }

    /// A 60 Hz panel's: 1/60 s.
    public var refreshInterval: Double { 1.0 / 60 }

    /// Nothing is ever on its way.
    @discardableResult
    public func takeFrameEvents() -> Bool { true }

    /// Returns at once: no vertical blank to wait for.
    public func waitForVerticalBlank() {}

    /// Shows the whole of `canvas`.
    public func present(_ canvas: Canvas) throws {
        try present(canvas, damage: [canvas.bounds])
    }
}
