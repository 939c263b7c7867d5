/// How far, how fast and how long: the numbers that tell taps, drags and swipes apart.
///
/// Distances are fractions of the picture, so the same gesture is recognized on a 480-line DSI
/// panel and on a 1080p screen.
public struct GestureThresholds: Sendable, Equatable {
    /// How far a finger moves before a touch is a drag, as a fraction of the picture's shorter
    /// side.
    ///
    /// Default: 0.04 (19 pixels on an 800x480 panel).
    public var slop: Double = 0.04
    /// How far a drag must go along its axis to be a swipe at any speed, as a fraction of the
    /// picture's extent on that axis: past half-way, as a page turns on iOS.
    ///
    /// Default: 0.5.
    public var swipeDistance: Double = 0.5
    /// How fast a drag must be moving, at the lift, along its axis and the way it went, to be a
    /// swipe however short (a flick), in picture extents per second.
    ///
    /// Default: 0.3 (144 pixels a second up a 480-line panel), the flick speed at which the
    /// views and stacks turn a page (`Pager.flickSpeed`), so the gesture and the motion agree.
    public var flickVelocity: Double = 0.3
    /// The longest touch that is a tap, in seconds.
    ///
    /// Default: 0.5.
    public var tapDuration: Double = 0.5
    /// How long before the lift the finger's motion counts toward its velocity, in seconds: a
    /// finger that rested longer than this before lifting has none.
    ///
    /// Default: 0.1.
    public var velocityWindow: Double = 0.1

    /// The default thresholds.
    public init() {}
}
