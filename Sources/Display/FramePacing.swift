/// How a display tells when it can take the next frame: what paces motion (a swipe, a view
/// switch, a cross-fade) at the panel's refresh rate.
///
/// At rest the host draws when the picture changes, at most once a minute for a clock; while
/// something moves it draws a frame each refresh, and the sink says when a refresh has passed:
///
/// ```swift
/// switch sink.framePacing {
/// case .pageFlipEvents(let fd):
///     // watch fd; when readable: sink.takeFrameEvents(), then draw the next frame
/// case .verticalBlank:
///     sink.waitForVerticalBlank()   // at most one refresh
/// case .timer:
///     // a deadline every sink.refreshInterval
/// }
/// ```
public enum FramePacing: Sendable, Equatable {
    /// The kernel answers each present with an event on `fd` once the frame is on screen (a
    /// DRM page-flip event, sent at the vertical blank that shows it): wait for `fd` to be
    /// readable, call ``FrameSink/takeFrameEvents()``, then present the next frame.
    case pageFlipEvents(fd: Int32)
    /// ``FrameSink/waitForVerticalBlank()`` returns at the next vertical blank (fbdev's
    /// `FBIO_WAITFORVSYNC`); it blocks for at most one refresh.
    case verticalBlank
    /// Nothing to wait on (headless, a single DRM buffer with DirtyFB, fbdev without
    /// `FBIO_WAITFORVSYNC`): a deadline every ``FrameSink/refreshInterval``.
    case timer
}

extension FramePacing: CustomStringConvertible {
    /// `page-flip events`, `vertical blank` or `timer`, for logs.
    public var description: String {
        switch self {
        case .pageFlipEvents: "page-flip events"
        case .verticalBlank: "vertical blank"
        case .timer: "timer"
        }
    }
}
