import Raster

/// Which display to open and how: the `[display]` part of a board config.
///
/// ```swift
/// var config = DisplayConfiguration(backend: .auto)
/// config.rotation = .degrees90
/// let sink = try config.openSink { print($0) }
/// ```
public struct DisplayConfiguration: Sendable, Equatable {
    /// The kinds of frame sink.
    public enum Backend: String, Sendable, CaseIterable {
        /// DRM if a card has a connected connector, else fbdev, else headless.
        case auto
        /// DRM/KMS through libdrm.
        case drm
        /// A Linux framebuffer device.
        case fbdev
        /// Files only, no display.
        case headless
    }

    /// Which backend.
    ///
    /// Default: `.auto`.
    public var backend: Backend
    /// `/dev/dri/cardN` or `/dev/fbN`; nil (`"auto"` in the file) picks the DRM card that
    /// drives a connected screen, whatever its number, or the first framebuffer.
    ///
    /// Default: nil.
    public var device: String?
    /// DRM connector: a name (`HDMI-A-1`) or a kind (`DSI`, `HDMI-A`, `SPI`: the connected one
    /// of that kind, whatever its number); nil takes the connected one.
    ///
    /// Default: nil.
    public var connector: String?
    /// How long, in seconds after the start, `.auto` waits for a DRM card with a screen.
    ///
    /// When `.auto` had to start on fbdev or headless, a card that appears within it (its
    /// driver probes late) or a screen connected to one (hot-plug) is switched to. 0 does not
    /// wait.
    ///
    /// Default: 60.
    public var wait: Double
    /// DRM mode; nil takes the display's preferred mode.
    ///
    /// Default: nil.
    public var mode: VideoMode?
    /// Framebuffer pixel format; nil lets the backend choose (XRGB8888, or what fbdev has).
    ///
    /// Default: nil.
    public var format: PixelFormat?
    /// How the canvas is turned onto the panel.
    ///
    /// Default: `.degrees0`.
    public var rotation: Rotation
    /// Whether DRM may page-flip (false forces one buffer + DirtyFB).
    ///
    /// Default: true.
    public var pageFlips: Bool
    /// The signals the program handles for VT switches; nil leaves VT switching to the
    /// kernel (the display is then not released when the user switches consoles).
    ///
    /// Set it only once handlers for both signals are installed (see ``VTSwitchSignals``).
    ///
    /// Default: nil.
    public var vtSwitchSignals: VTSwitchSignals?
    /// The headless canvas size.
    ///
    /// Default: 800×480.
    public var headlessSize: PixelSize
    /// Where the headless backend writes its image (`.ppm` or `.png`).
    ///
    /// Default: nil.
    public var headlessImagePath: String?
    /// Where the headless backend writes raw frames.
    ///
    /// Default: nil.
    public var headlessRawPath: String?
    /// The display's language and region, for its words, dates and numbers.
    ///
    /// `"de_DE"`, `"ja"`, `"zh-Hant"`; nil for the process's (`LC_ALL`, `LC_MESSAGES`,
    /// `LANG`). A change is applied on reload without reopening the display.
    ///
    /// Default: nil.
    public var locale: String?

    /// Creates a configuration; everything not given is the default.
    public init(
        backend: Backend = .auto, device: String? = nil, connector: String? = nil,
        wait: Double = 60, mode: VideoMode? = nil, format: PixelFormat? = nil,
        rotation: Rotation = .degrees0,
        pageFlips: Bool = true, vtSwitchSignals: VTSwitchSignals? = nil,
        headlessSize: PixelSize = PixelSize(width: 800, height: 480),
        headlessImagePath: String? = nil, headlessRawPath: String? = nil
    ) {
        self.backend = backend
        self.device = device
        self.connector = connector
        self.wait = wait
        self.mode = mode
        self.format = format
        self.rotation = rotation
        self.pageFlips = pageFlips
        self.vtSwitchSignals = vtSwitchSignals
        self.headlessSize = headlessSize
        self.headlessImagePath = headlessImagePath
        self.headlessRawPath = headlessRawPath
    }

    /// Opens the configured backend, or for `.auto` the first that works (DRM, fbdev,
    /// headless), logging which one and why the others were passed over.
    public func openSink(log: @escaping @Sendable (String) -> Void) throws -> any FrameSink {
        switch backend {
        case .drm: return try openDRM(log: log)
        case .fbdev: return try openFbdev(log: log)
        case .headless: return try openHeadless(log: log)
        case .auto: break
        }
        do {
            let sink = try openDRM(log: log)
            log("display: auto chose drm")
            return sink
        } catch {
            log("display: auto skips drm: \(error)")
        }
        do {
            let sink = try openFbdev(log: log)
            log("display: auto chose fbdev")
            return sink
        } catch {
            log("display: auto skips fbdev: \(error)")
        }
        log("display: auto chose headless (no usable DRM card or framebuffer device)")
        return try openHeadless(log: log)
    }

    private func openDRM(log: @escaping @Sendable (String) -> Void) throws -> any FrameSink {
        try DRMSink(
            devicePath: backend == .drm
                ? device : device.flatMap { $0.contains("/dri/") ? $0 : nil },
            connector: connector, mode: mode, format: format,
            rotation: rotation, pageFlips: pageFlips, vtSwitchSignals: vtSwitchSignals, log: log)
    }

    private func openFbdev(log: @escaping @Sendable (String) -> Void) throws -> any FrameSink {
        try FbdevSink(
            devicePath: backend == .fbdev
                ? device : device.flatMap { $0.contains("/fb") ? $0 : nil },
            format: format, rotation: rotation, vtSwitchSignals: vtSwitchSignals, log: log)
    }

    private func openHeadless(log: @escaping @Sendable (String) -> Void) throws -> any FrameSink {
        let sink = try HeadlessSink(
            size: headlessSize, format: format ?? .xrgb8888, rotation: rotation,
            imagePath: headlessImagePath, rawPath: headlessRawPath)
        log("headless: \(sink.description)")
        return sink
    }
}
