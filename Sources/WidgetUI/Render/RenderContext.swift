import Foundation
import Raster

/// What one render pass collects while it resolves and places the view tree: state that
/// belongs to the whole widget rather than to the view that declares it, and the instant it
/// is drawn for.
///
/// ``render(_:size:environment:fonts:now:on:scale:)`` makes one per frame (``RootLayout`` makes
/// one when laid out without it) and puts it in the environment; modifiers such as
/// `containerBackground(for:)` report to it, and the root reads it back after resolving.
///
/// Views whose content depends on the time (a `Text` with a date style, a timer, a live
/// format) read ``now`` while they resolve and ``report(_:)`` the next instant their content
/// changes when they are placed. Placement, not resolution, reports, so content that is
/// resolved but not shown (a branch a container discards) does not wake the host.
final class RenderContext {
    /// The instant being drawn.
    let now: Date
    /// The widget's container background, resolved, and its alignment.
    ///
    /// Set when a view declared one and the environment shows it; the first declaration (the
    /// outermost) wins.
    var containerBackground: (node: LayoutNode, alignment: Alignment)?
    /// The earliest instant after ``now`` any placed view reported, or nil.
    private(set) var nextChange: Date?
    /// The URL the outermost `widgetURL(_:)` set (resolved first).
    var widgetURL: URL?
    /// The links laid out so far, in drawing order.
    private(set) var links: [LinkArea] = []

    init(now: Date) {
        self.now = now
    }

    /// Records that something drawn changes at `date`; nil (never) and instants not after
    /// ``now`` are ignored.
    func report(_ date: Date?) {
        guard let date, date > now else { return }
        nextChange = min(nextChange ?? date, date)
    }

    /// Notes a link placed in a frame.
    func reportLink(_ destination: URL, frame: Rect) {
        links.append(LinkArea(frame: frame, destination: destination))
    }
}

extension EnvironmentValues {
    /// The current render pass's collector; `nil` outside a render.
    var renderContext: RenderContext? {
        get { self[RenderContextKey.self]?.context }
        set { self[RenderContextKey.self] = newValue.map(RenderContextBox.init) }
    }

    /// The instant the frame is drawn for: the render pass's, else the current time.
    var now: Date { renderContext?.now ?? Date() }
}

/// Holds the (non-`Sendable`) render context in the environment.
private struct RenderContextBox {
    let context: RenderContext
}

private struct RenderContextKey: EnvironmentKey {
    static var defaultValue: RenderContextBox? { nil }
}
