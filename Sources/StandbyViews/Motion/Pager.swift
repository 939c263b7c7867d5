import DisplayCommands
import FoundationEssentials

/// Pages one after another along an axis, moved by a finger or by a command, settling with a
/// spring: StandBy's views (left and right) and a slot's widget stack (up and down).
///
/// The pager holds no pictures; it says, at any instant, which page shows, which neighbour
/// shows beside it, and how far they have moved (``Frame``). While a finger drags, the pages
/// follow it exactly; past the last page of a list that does not wrap they follow with
/// resistance (the rubber band of iOS scroll views). Let go, they settle with a ``Spring``
/// that starts at the finger's speed, on the next page when the drag went past half a page
/// or was a flick, else back where they were. ``step(_:at:)`` and ``show(_:at:)`` start the
/// same spring from rest.
///
/// ```swift
/// var pager = Pager(count: 3, wraps: false, extent: 800)
/// pager.beginDrag(at: t0)
/// pager.drag(translation: -300)                  // the finger moved 300 px toward the next
/// pager.endDrag(translation: -300, velocity: -900, at: t1)
/// pager.frame(at: t1)   // Frame(page: 0, neighbour: 1, offset: 0.375)
/// pager.isMoving(at: t1 + 1)   // false: page 1 shows
/// ```
///
/// Offsets are in pages: positive when the pages moved toward the next one (the finger moved
/// left or up), so `offset` 0.25 shows three quarters of `page` and a quarter of the
/// neighbour after it. Translations and velocities are in pixels (per second) along the axis,
/// positive right or down, as a gesture reports them.
public struct Pager: Sendable, Equatable {
    private enum Motion: Sendable, Equatable {
        case resting
        /// A finger holds the pages: they started at offset `base` (a page caught in
        /// motion) and the finger has moved `raw` pages since (before resistance).
        case dragging(base: Double, raw: Double)
        /// Let go: a spring carries the offset to 0 (back on `page`) or ±1 (onto the page on
        /// that side).
        case settling(spring: Spring, since: Date)
    }

    /// The pages beside ``page`` while it moves, where they are not its neighbours in the list.
    ///
    /// A view shown by name slides in over those between, and a page caught on its way keeps
    /// the one it came from beside it. Cleared at rest.
    private var before: Int?
    private var after: Int?

    /// How many pages.
    public let count: Int
    /// Whether the page after the last is the first (a stack) or nothing (the views).
    public let wraps: Bool
    /// A page's length along the axis, in pixels.
    public let extent: Double
    /// The page shown at rest, or the one a drag or settle moves from.
    public private(set) var page: Int
    private var motion = Motion.resting

    /// Pages per second above which a released drag is a flick that turns the page, however
    /// short: 0.3 (240 px/s across an 800-pixel screen).
    public static let flickSpeed = 0.3

    /// `count` pages (at least 1) of `extent` pixels, showing `page`.
    public init(count: Int, wraps: Bool, extent: Double, page: Int = 0) {
        self.count = max(1, count)
        self.wraps = wraps
        self.extent = max(1, extent)
        self.page = min(max(0, page), self.count - 1)
    }

    /// The page before (`direction` < 0) or after `page`; nil past the end of a list that
    /// does not wrap, and for a single page.
    public func neighbour(of page: Int, direction: Int) -> Int? {
        let next = page + (direction > 0 ? 1 : -1)
        if wraps { return count > 1 ? (next % count + count) % count : nil }
        return (0..<count).contains(next) ? next : nil
    }

    /// The page that shows once motion ends.
    public var destination: Int {
        if case .settling(let spring, _) = motion, spring.target != 0,
            let target = side(spring.target > 0 ? 1 : -1)
        {
            return target
        }
        return page
    }

    /// The page beside ``page`` in `direction` now: the one shown there in motion, else its
    /// neighbour in the list.
    private func side(_ direction: Int) -> Int? {
        (direction > 0 ? after : before) ?? neighbour(of: page, direction: direction)
    }

    // MARK: Fingers

    /// A finger touches down on the pages: they stop where they are and follow it from there.
    public mutating func beginDrag(at now: Date) {
        motion = .dragging(base: catchPages(at: now, onDestination: false), raw: 0)
    }

    /// The finger has moved `translation` pixels since it touched down (positive right or
    /// down).
    public mutating func drag(translation: Double) {
        guard case .dragging(let base, _) = motion else { return }
        motion = .dragging(base: base, raw: -translation / extent)
    }

    /// The finger lifts after `translation` pixels, moving at `velocity` pixels per second,
    /// and the pages settle from there at the finger's speed: on the page beside them in
    /// `direction` (−1, 1), or back where they were (0).
    ///
    /// Without a `direction` the pager decides as the input's gestures do (iOS's rule for a
    /// page turn): onto the next page when the drag went past half of it and was not flung
    /// back, or was flicked toward it (faster than ``flickSpeed``); else back. A gesture
    /// recognizer that decided already passes its decision, so that the picture lands where
    /// its swipe says.
    public mutating func endDrag(
        translation: Double, velocity: Double, direction decided: Int? = nil, at now: Date
    ) {
        guard case .dragging(let base, _) = motion else { return }
        let offset = shownOffset(base - translation / extent)
        let speed = -velocity / extent
        let direction = decided.map { $0.signum() } ?? Self.turn(offset: offset, speed: speed)
        let end = direction != 0 && side(direction) != nil ? Double(direction) : 0
        motion = .settling(spring: Spring(from: offset, velocity: speed, to: end), since: now)
    }

    /// Where a drag released at `offset` pages, moving at `speed` pages a second, turns: 1 to
    /// the next page, −1 to the previous, 0 back.
    static func turn(offset: Double, speed: Double) -> Int {
        let flick = Self.flickSpeed
        if offset > 0 && ((offset > 0.5 && speed > -flick) || speed > flick) { return 1 }
        if offset < 0 && ((offset < -0.5 && speed < flick) || speed < -flick) { return -1 }
        return 0
    }

    /// Applies a drag's `phase` (see ``PagerDrag``): ``beginDrag(at:)``, ``drag(translation:)``,
    /// ``endDrag(translation:velocity:direction:at:)``, or a cancel that settles back.
    public mutating func drag(_ phase: PagerDrag, at now: Date) {
        switch phase {
        case .began: beginDrag(at: now)
        case .changed(let translation, _): drag(translation: translation)
        case .ended(let translation, let velocity, let direction):
            endDrag(translation: translation, velocity: velocity, direction: direction, at: now)
        case .cancelled:
            if case .dragging(let base, let raw) = motion {
                let offset = shownOffset(base + raw)
                motion = .settling(
                    spring: Spring(from: offset, velocity: 0, to: 0), since: now)
            }
        }
    }

    // MARK: Commands

    /// Moves to the page `delta` (±1) away from where the pages are going, animated; past an
    /// end, on to the other end (a key that cycles through the views), even where a finger
    /// meets resistance.
    public mutating func step(_ delta: Int, at now: Date) {
        guard delta != 0, count > 1 else { return }
        let offset = catchPages(at: now, onDestination: true)
        let target = ((page + delta) % count + count) % count
        settle(from: offset, to: target, direction: delta > 0 ? 1 : -1, at: now)
    }

    /// Moves to `target`, animated: it slides in from the side it lies on (a later page from
    /// the right or bottom), in place of whatever lies between.
    public mutating func show(_ target: Int, at now: Date) {
        guard (0..<count).contains(target) else { return }
        let offset = catchPages(at: now, onDestination: true)
        if target == page {
            guard offset != 0 else { return }
            motion = .settling(spring: Spring(from: offset, velocity: 0, to: 0), since: now)
            return
        }
        settle(from: offset, to: target, direction: target > page ? 1 : -1, at: now)
    }

    /// Shows `target` at once, without motion.
    public mutating func jump(to target: Int) {
        guard (0..<count).contains(target) else { return }
        page = target
        rest()
    }

    // MARK: Frames

    /// What shows at `now`.
    public func frame(at now: Date) -> Frame {
        switch motion {
        case .resting:
            return Frame(page: page, neighbour: nil, offset: 0)
        case .dragging(let base, let raw):
            return frame(offset: shownOffset(base + raw))
        case .settling(let spring, let since):
            // A fast flick can carry a critically damped spring a little past its end; the
            // pages stop there rather than show what lies beyond.
            let low = min(spring.start, spring.target, 0)
            let high = max(spring.start, spring.target, 0)
            let offset = min(max(spring.position(after: now.timeIntervalSince(since)), low), high)
            return frame(offset: offset)
        }
    }

    /// Whether anything moves at `now` (a finger holds the pages, or a spring is not yet at
    /// rest): while it does, the host draws a frame every refresh.
    public func isMoving(at now: Date) -> Bool {
        switch motion {
        case .resting: return false
        case .dragging: return true
        case .settling(let spring, let since):
            return !spring.isAtRest(after: now.timeIntervalSince(since), tolerance: restTolerance)
        }
    }

    /// Whether a finger holds the pages (they move when it does, not by themselves).
    public var isDragging: Bool {
        if case .dragging = motion { return true }
        return false
    }

    /// Ends a settle whose spring is at rest at `now`, its target becoming the page.
    ///
    /// Returns whether anything still moves.
    @discardableResult
    public mutating func update(at now: Date) -> Bool {
        guard case .settling = motion else { return motion != .resting }
        guard !isMoving(at: now) else { return true }
        page = destination
        rest()
        return false
    }

    // MARK: Internals

    /// Half a pixel, in pages: closer than that to rest, nothing changes on screen.
    private var restTolerance: Double { 0.5 / extent }

    /// The frame for `offset` from ``page``, with the page beside it on that side.
    private func frame(offset: Double) -> Frame {
        guard offset != 0 else { return Frame(page: page, neighbour: nil, offset: 0) }
        return Frame(page: page, neighbour: side(offset > 0 ? 1 : -1), offset: offset)
    }

    /// Comes to rest on ``page``.
    private mutating func rest() {
        motion = .resting
        before = nil
        after = nil
    }

    /// The offset shown for a drag of `raw` pages: the finger's, with resistance where no
    /// page lies beyond, never past a whole page.
    private func shownOffset(_ raw: Double) -> Double {
        guard raw != 0 else { return 0 }
        let direction = raw > 0 ? 1.0 : -1.0
        if side(Int(direction)) == nil {
            // iOS's rubber band: 1 − 1/(c·x + 1) of a page for x pages pulled, c = 0.55.
            return direction * (1 - 1 / (0.55 * abs(raw) + 1))
        }
        return min(max(raw, -1), 1)
    }

    /// Stops moving pages where they are and returns their offset from ``page``, which is
    /// re-based on the page the motion heads for (`onDestination`: a command continues from
    /// where the last one was going) or on the page mostly showing (a finger catches it); the
    /// page left stays beside it.
    private mutating func catchPages(at now: Date, onDestination: Bool) -> Double {
        let shown = frame(at: now)
        var offset = shown.offset
        var heading = 0.0
        if case .settling(let spring, _) = motion { heading = spring.target }
        let direction = onDestination ? heading : abs(offset) > 0.5 ? (offset > 0 ? 1 : -1) : 0
        if direction != 0, let next = side(direction > 0 ? 1 : -1) {
            let left = page
            page = next
            offset -= direction
            before = direction > 0 ? left : nil
            after = direction > 0 ? nil : left
        }
        motion = .resting
        return offset
    }

    /// Starts the spring from `offset` toward `target`, which slides in from `direction`.
    private mutating func settle(from offset: Double, to target: Int, direction: Int, at now: Date)
    {
        if direction > 0 { after = target } else { before = target }
        motion = .settling(
            spring: Spring(from: offset, velocity: 0, to: Double(direction)), since: now)
    }
}
