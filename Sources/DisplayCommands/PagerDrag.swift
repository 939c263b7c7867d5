/// A drag's phase along a pager's axis, in pixels (positive right or down), as a gesture
/// recognizer reports it.
///
/// ```swift
/// pager.drag(.began, at: now)
/// pager.drag(.changed(translation: -120, velocity: -800), at: now)
/// pager.drag(.ended(translation: -300, velocity: -900, direction: 1), at: now)
/// ```
public enum PagerDrag: Sendable, Hashable, Codable {
    /// The finger moved past the slop: the pages stop where they are and follow it.
    case began
    /// The finger is `translation` pixels from where the drag began, moving at `velocity`
    /// pixels a second.
    case changed(translation: Double, velocity: Double)
    /// The finger lifted; the pages settle on the page beside them in `direction` (−1, 1) or
    /// back (0), or as ``Pager`` decides when `direction` is nil.
    case ended(translation: Double, velocity: Double, direction: Int?)
    /// The drag was called off (a second finger, a device gone): the pages settle back.
    case cancelled
}
