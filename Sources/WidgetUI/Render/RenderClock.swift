import Foundation

/// The instant a frame is drawn for, and the earliest later instant at which it would look
/// different: the per-render collector behind ``RenderReport``.
///
/// ``render(_:size:environment:fonts:now:on:scale:)`` makes one per frame and puts it in the
/// environment (`renderClock`); views whose content depends on the time (a `Text` with a date
/// style, a timer, a live format) read ``now`` while they resolve and call ``report(_:)``
/// with the next instant their content changes, when they are placed. Placement, not
/// resolution, reports, so content that is resolved but not shown (a branch a container
/// discards) does not wake the host.
final class RenderClock {
    /// The instant being drawn.
    let now: Date
    /// The earliest instant after ``now`` any placed view reported, or nil.
    private(set) var nextChange: Date?

    init(now: Date) {
        self.now = now
    }

    /// Records that something drawn changes at `date`; nil (never) and instants not after
    /// ``now`` are ignored.
    func report(_ date: Date?) {
        guard let date, date > now else { return }
        nextChange = min(nextChange ?? date, date)
    }
}

extension EnvironmentValues {
    /// The clock of the frame being rendered; nil outside ``render(_:size:environment:fonts:now:on:scale:)``
    /// (views then read the current time and report to nobody).
    var renderClock: RenderClock? {
        get { self[RenderClockKey.self] }
        set { self[RenderClockKey.self] = newValue }
    }

    /// The instant the frame is drawn for: the render clock's, else the current time.
    var now: Date { renderClock?.now ?? Date() }
}

private struct RenderClockKey: EnvironmentKey {
    static var defaultValue: RenderClock? { nil }
}
