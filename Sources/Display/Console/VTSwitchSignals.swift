#if canImport(Glibc)
    import Glibc
#endif

/// The signals the kernel sends when the user switches virtual consoles (Ctrl+Alt+F2, `chvt`).
///
/// A sink opened with them (``DisplayConfiguration/vtSwitchSignals``) takes the active VT in
/// process-controlled mode: the kernel sends ``release`` before switching away and waits until
/// the program calls ``FrameSink/releaseDisplay()``; it sends ``acquire`` once the VT is back,
/// and the program calls ``FrameSink/acquireDisplay()`` and presents the whole frame. The
/// program must handle both signals *before* opening the sink: their default action ends it.
///
/// ```swift
/// // Install handlers for SIGUSR1 and SIGUSR2 that post events to the run loop, then:
/// var config = DisplayConfiguration(backend: .drm)
/// config.vtSwitchSignals = .standard
/// let sink = try config.openSink { print($0) }
/// // on SIGUSR1: sink.releaseDisplay()
/// // on SIGUSR2: sink.acquireDisplay(); try sink.present(canvas)
/// ```
public struct VTSwitchSignals: Sendable, Equatable {
    /// Sent before the console switches away from our VT.
    public var release: Int32
    /// Sent after the console switched back to our VT.
    public var acquire: Int32

    /// Names the two signals.
    public init(release: Int32, acquire: Int32) {
        self.release = release
        self.acquire = acquire
    }

    /// `SIGUSR1` to release, `SIGUSR2` to acquire, as X servers and Weston's launcher use.
    public static let standard = VTSwitchSignals(release: SIGUSR1, acquire: SIGUSR2)
}
