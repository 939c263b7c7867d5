import Raster

/// What a finger did on the picture: the recognizer's output.
///
/// Every touch begins with ``touchDown(at:)`` and ends with ``touchUp`` when the last finger
/// lifts. In between, a touch that moves past the slop becomes a drag: ``dragBegan(_:)``,
/// ``dragChanged(_:)`` while it moves, then ``dragEnded(_:swipe:)`` when it lifts, or
/// ``dragCancelled(_:)`` when a second finger comes down. A drag that ends far or fast enough
/// along its axis is a swipe: ``swipe(_:from:)`` follows its end. A short touch that stays put
/// is a ``tap(at:)``.
///
/// Drags are for motion (the picture follows the finger and settles); the swipe is the one
/// event that changes something, so a consumer that does not animate just acts on swipes.
///
/// ```swift
/// switch gesture {
/// case .dragChanged(let drag): stack.offset = drag.translation.y
/// case .swipe(.up, let start): host.step(slotAt: start, by: 1)
/// case .tap(let point): host.tap(at: point)
/// default: break
/// }
/// ```
public enum Gesture: Sendable, Equatable {
    /// A finger came down where none was, at this point on the picture (a moving picture stops
    /// under it).
    case touchDown(at: Point)
    /// The last finger lifted (after the tap or the end of the drag, if any).
    case touchUp
    /// A short touch that stayed put, at its point on the picture.
    case tap(at: Point)
    /// A touch moved past the slop: a drag begins, along one axis.
    case dragBegan(Drag)
    /// The finger moved.
    case dragChanged(Drag)
    /// The finger lifted; `swipe` is the direction it was flung, or nil when it was not a swipe
    /// (the picture settles back).
    case dragEnded(Drag, swipe: SwipeDirection?)
    /// A second finger came down: the drag is abandoned (the picture settles back) and nothing
    /// more happens until every finger is lifted.
    case dragCancelled(Drag)
    /// A drag ended as a swipe in this direction; `from` is where the finger first touched.
    case swipe(SwipeDirection, from: Point)
}

/// Which way a swipe went, as the finger moved on the upright picture.
public enum SwipeDirection: String, Sendable, Equatable, CaseIterable {
    /// Toward the top.
    case up
    /// Toward the bottom.
    case down
    /// Toward the left.
    case left
    /// Toward the right.
    case right
}

/// A drag's state: where it started, how far it went, how fast it moves, in picture pixels.
public struct Drag: Sendable, Equatable {
    /// The axis a drag moves along, chosen when it begins by the larger component of the
    /// movement so far.
    public enum Axis: Sendable, Equatable {
        /// Left and right: views.
        case horizontal
        /// Up and down: a slot's stack.
        case vertical
    }

    /// The axis it follows.
    public var axis: Axis
    /// Where the finger first touched, in picture pixels.
    public var start: Point
    /// How far the finger is from ``start``, in pixels (both components; consumers use the
    /// ``axis``'s).
    public var translation: Point
    /// How fast the finger moves, in pixels per second, over the last tenth of a second.
    public var velocity: Point

    /// Creates a drag state.
    public init(axis: Axis, start: Point, translation: Point, velocity: Point) {
        self.axis = axis
        self.start = start
        self.translation = translation
        self.velocity = velocity
    }

    /// The translation along the axis.
    public var distance: Double { axis == .horizontal ? translation.x : translation.y }

    /// The velocity along the axis.
    public var speed: Double { axis == .horizontal ? velocity.x : velocity.y }
}
