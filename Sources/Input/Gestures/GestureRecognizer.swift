import Raster

/// Tells taps, drags and swipes from a touch device's frames: one finger at a time.
///
/// Feed it every ``TouchFrame`` with the ``TouchTransform`` that maps it to the picture; it
/// calls `emit` with what the finger did (``Gesture``). It decides on what it has seen and
/// needs no timer: a tap or a swipe is known when the finger lifts.
///
/// - Each touch opens with ``Gesture/touchDown(at:)`` and closes with ``Gesture/touchUp``.
/// - A touch that lifts within ``GestureThresholds/tapDuration`` without moving past
///   ``GestureThresholds/slop`` is a tap at the point it first touched. A longer one that stays
///   put is nothing.
/// - A touch that moves past the slop is a drag along the axis it moved most on; the drag
///   follows the finger from the point it first touched. At the lift it is a swipe when it went
///   ``GestureThresholds/swipeDistance`` along its axis (unless flung back the other way), or
///   was moving at ``GestureThresholds/flickVelocity`` the way it went.
/// - A second finger cancels: a drag in progress ends with ``Gesture/dragCancelled(_:)``, a
///   touch becomes nothing, and nothing is recognized until every finger is up. Pinches and
///   two-finger gestures are not StandBy's.
///
/// ```swift
/// var recognizer = GestureRecognizer()
/// recognizer.handle(frame, transform: transform) { gesture in print(gesture) }
/// ```
public struct GestureRecognizer: Sendable {
    /// The numbers it decides with.
    public var thresholds: GestureThresholds

    private struct Sample: Sendable {
        var time: Double
        var point: Point
    }

    private enum State: Sendable {
        /// No finger down.
        case idle
        /// One finger down, not yet past the slop.
        case pressed(id: Int)
        /// One finger dragging along an axis.
        case dragging(id: Int, axis: Drag.Axis)
        /// More than one finger came down: waiting for all to lift.
        case ignoring
    }

    private var state = State.idle
    private var start = Sample(time: 0, point: Point(x: 0, y: 0))
    /// The latest positions, newest last, at most ``sampleLimit``: the velocity's window.
    private var samples: [Sample] = []
    private static let sampleLimit = 16

    /// A recognizer with the given thresholds.
    public init(thresholds: GestureThresholds = GestureThresholds()) {
        self.thresholds = thresholds
        samples.reserveCapacity(Self.sampleLimit)
    }

    /// Takes one frame of contacts and reports what it completes or continues.
    public mutating func handle(
        _ frame: TouchFrame, transform: TouchTransform, emit: (Gesture) -> Void
    ) {
        let size = transform.pictureSize
        switch state {
        case .idle:
            guard let first = frame.contacts.first else { return }
            emit(.touchDown(at: transform.point(of: first)))
            begin(frame, transform: transform)
        case .ignoring:
            if frame.contacts.isEmpty {
                state = .idle
                emit(.touchUp)
            }
        case .pressed(let id):
            guard let contact = single(frame, id: id) else {
                return end(frame, transform: transform, emit: emit)
            }
            let point = transform.point(of: contact)
            record(Sample(time: frame.time, point: point))
            let dx = point.x - start.point.x
            let dy = point.y - start.point.y
            let slop = thresholds.slop * Double(min(size.width, size.height))
            guard dx * dx + dy * dy >= slop * slop else { return }
            let axis: Drag.Axis = abs(dx) >= abs(dy) ? .horizontal : .vertical
            state = .dragging(id: id, axis: axis)
            emit(.dragBegan(drag(axis: axis, at: frame.time)))
        case .dragging(let id, let axis):
            guard let contact = single(frame, id: id) else {
                return end(frame, transform: transform, emit: emit)
            }
            record(Sample(time: frame.time, point: transform.point(of: contact)))
            emit(.dragChanged(drag(axis: axis, at: frame.time)))
        }
    }

    /// Abandons what the finger was doing (its device went away): a drag in progress ends with
    /// ``Gesture/dragCancelled(_:)``, and a touch with ``Gesture/touchUp``.
    public mutating func cancel(at time: Double, emit: (Gesture) -> Void) {
        if case .dragging(_, let axis) = state { emit(.dragCancelled(drag(axis: axis, at: time))) }
        if case .idle = state { return }
        state = .idle
        emit(.touchUp)
    }

    /// The frame's one contact if it is the finger being followed; nil when it lifted or others
    /// joined.
    private func single(_ frame: TouchFrame, id: Int) -> TouchFrame.Contact? {
        guard frame.contacts.count == 1, let contact = frame.contacts.first, contact.id == id
        else { return nil }
        return contact
    }

    private mutating func begin(_ frame: TouchFrame, transform: TouchTransform) {
        samples.removeAll(keepingCapacity: true)
        switch frame.contacts.count {
        case 0: state = .idle
        case 1:
            let contact = frame.contacts[0]
            start = Sample(time: frame.time, point: transform.point(of: contact))
            record(start)
            state = .pressed(id: contact.id)
        default: state = .ignoring
        }
    }

    /// The followed finger is gone from `frame`: lifted (no contacts), replaced by another one
    /// (a new touch begins), or joined by others (cancelled).
    private mutating func end(
        _ frame: TouchFrame, transform: TouchTransform, emit: (Gesture) -> Void
    ) {
        let lifted = frame.contacts.isEmpty
        switch state {
        case .pressed:
            if lifted || frame.contacts.count == 1,
                frame.time - start.time <= thresholds.tapDuration
            {
                emit(.tap(at: start.point))
            }
        case .dragging(_, let axis):
            let drag = drag(axis: axis, at: frame.time)
            if lifted || frame.contacts.count == 1 {
                let swipe = swipeDirection(of: drag, size: transform.pictureSize)
                emit(.dragEnded(drag, swipe: swipe))
                if let swipe { emit(.swipe(swipe, from: start.point)) }
            } else {
                emit(.dragCancelled(drag))
            }
        case .idle, .ignoring: break
        }
        if frame.contacts.count == 1 {
            begin(frame, transform: transform)
        } else if lifted {
            state = .idle
            emit(.touchUp)
        } else {
            state = .ignoring
        }
    }

    private mutating func record(_ sample: Sample) {
        if samples.count == Self.sampleLimit { samples.removeFirst() }
        samples.append(sample)
    }

    /// The drag as of `time`: translation from the first touch to the latest position, velocity
    /// over the window before `time`.
    private func drag(axis: Drag.Axis, at time: Double) -> Drag {
        let latest = samples.last ?? start
        return Drag(
            axis: axis, start: start.point,
            translation: Point(
                x: latest.point.x - start.point.x, y: latest.point.y - start.point.y),
            velocity: velocity(at: time))
    }

    /// Pixels per second between the oldest and newest samples within the window before
    /// `time`; zero when fewer than two lie in it (the finger rested) or they are too close in
    /// time to divide by.
    private func velocity(at time: Double) -> Point {
        guard let last = samples.last,
            let first = samples.first(where: { time - $0.time <= thresholds.velocityWindow }),
            last.time - first.time >= 0.005
        else { return Point(x: 0, y: 0) }
        let dt = last.time - first.time
        return Point(x: (last.point.x - first.point.x) / dt, y: (last.point.y - first.point.y) / dt)
    }

    private func swipeDirection(of drag: Drag, size: PixelSize) -> SwipeDirection? {
        let extent = Double(drag.axis == .horizontal ? size.width : size.height)
        let distance = drag.distance
        let speed = drag.speed
        let far = abs(distance) >= thresholds.swipeDistance * extent
        let fast = abs(speed) >= thresholds.flickVelocity * extent
        let sameWay = (distance < 0) == (speed < 0)
        guard distance != 0, (far && (sameWay || !fast)) || (fast && sameWay) else { return nil }
        switch drag.axis {
        case .horizontal: return distance < 0 ? .left : .right
        case .vertical: return distance < 0 ? .up : .down
        }
    }
}
