import DisplayCommands
import FoundationEssentials

/// Which of StandBy's views shows, and how the display moves between them: the views in their
/// order, a ``Pager`` across them, the schedule, and the photos' night rule.
///
/// ```swift
/// var deck = ViewDeck(views: [.widgets, .photos, .clock], width: 800)
/// deck.show(.clock, at: now)          // nightstand view clock
/// deck.drag(.changed(translation: -200, velocity: -600), at: now)
/// deck.frame(at: now)                 // (.widgets, .photos, 0.25)
/// ```
///
/// The views do not wrap under a finger: past the last one the picture resists and comes
/// back. A step (a key's `view next`) goes round from the last to the first.
public struct ViewDeck: Sendable, Equatable {
    /// The views, left to right; the first shows at start.
    public let views: [ViewName]
    /// The views' pages.
    public private(set) var pager: Pager
    /// Views shown at times of day, if any.
    public let schedule: ViewSchedule?
    /// Whether the photos view shows the clock at night (`[photos] night = "clock"`).
    public let photosGiveWayAtNight: Bool
    /// When the schedule was last looked at.
    private var scheduleChecked: Date?

    /// A deck of `views` (at least one; repeats dropped) on a screen `width` pixels wide.
    public init(
        views: [ViewName], width: Int, schedule: ViewSchedule? = nil,
        photosGiveWayAtNight: Bool = true
    ) {
        var unique: [ViewName] = []
        for view in views where !unique.contains(view) { unique.append(view) }
        self.views = unique.isEmpty ? [.widgets] : unique
        pager = Pager(count: self.views.count, wraps: false, extent: Double(width))
        self.schedule = schedule
        self.photosGiveWayAtNight = photosGiveWayAtNight
    }

    /// The view that shows once motion ends.
    public var current: ViewName { views[pager.destination] }

    /// What draws for `view`: the clock for the photos at night when they give way to it.
    public func drawn(_ view: ViewName, isNight: Bool) -> ViewName {
        view == .photos && isNight && photosGiveWayAtNight ? .clock : view
    }

    /// Moves to `view`, animated; false when it is not one of the views.
    @discardableResult
    public mutating func show(_ view: ViewName, at now: Date) -> Bool {
        guard let index = views.firstIndex(of: view) else { return false }
        pager.show(index, at: now)
        return true
    }

    /// Shows `view` at once, without motion, if it is one of the views.
    public mutating func jump(to view: ViewName) {
        guard let index = views.firstIndex(of: view) else { return }
        pager.jump(to: index)
    }

    /// Moves to the view `delta` (±1) away, going round past the ends.
    public mutating func step(_ delta: Int, at now: Date) {
        pager.step(delta, at: now)
    }

    /// A finger drags the views.
    public mutating func drag(_ phase: PagerDrag, at now: Date) {
        pager.drag(phase, at: now)
    }

    /// What shows at `now`: the view, the one beside it while they move, and how far.
    public func frame(at now: Date) -> (view: ViewName, neighbour: ViewName?, offset: Double) {
        let frame = pager.frame(at: now)
        return (views[frame.page], frame.neighbour.map { views[$0] }, frame.offset)
    }

    /// Whether the views move at `now`.
    public func isMoving(at now: Date) -> Bool { pager.isMoving(at: now) }

    /// Ends motion that came to rest; returns whether anything still moves.
    @discardableResult
    public mutating func update(at now: Date) -> Bool { pager.update(at: now) }

    /// Turns to the view of the schedule's entry that began since the last look (the first
    /// look only notes the time: the display starts on the first view); returns the view
    /// turned to, if any.
    @discardableResult
    public mutating func applySchedule(at now: Date) -> ViewName? {
        guard let schedule else { return nil }
        defer { scheduleChecked = now }
        guard let last = scheduleChecked, let next = schedule.next(after: last), next.date <= now
        else { return nil }
        // Several entries passed (the display slept): the latest one counts.
        let view = schedule.view(at: now) ?? next.view
        return show(view, at: now) ? view : nil
    }

    /// When the schedule next turns the views, after `now`.
    public func nextScheduledChange(after now: Date) -> Date? {
        schedule?.next(after: now)?.date
    }
}
