/// How a change animates; see ``View/animation(_:value:)``.
///
/// Kept for source compatibility: a widget draws each entry as it is, without animating between entries, so every
/// animation is the same value and changes nothing drawn.
///
/// ```swift
/// Gauge(value: entry.level) { Text("Level") }
///     .animation(.spring(response: 0.4, dampingFraction: 0.8), value: entry.level)
/// ```
public struct Animation: Hashable, Sendable {
    /// The default animation.
    public static let `default` = Animation()
    /// A smooth spring.
    public static let smooth = Animation()
    /// A snappy spring.
    public static let snappy = Animation()
    /// A bouncy spring.
    public static let bouncy = Animation()
    /// A linear change.
    public static let linear = Animation()
    /// A change that eases in and out.
    public static let easeInOut = Animation()
    /// A change that eases in.
    public static let easeIn = Animation()
    /// A change that eases out.
    public static let easeOut = Animation()
    /// A spring.
    public static let spring = Animation()
    /// A spring for interactive changes.
    public static let interactiveSpring = Animation()
    /// A spring that keeps its speed.
    public static let interpolatingSpring = Animation()

    /// A linear change over a duration.
    public static func linear(duration: Double) -> Animation { Animation() }
    /// An eased change over a duration.
    public static func easeInOut(duration: Double) -> Animation { Animation() }
    /// A change that eases in over a duration.
    public static func easeIn(duration: Double) -> Animation { Animation() }
    /// A change that eases out over a duration.
    public static func easeOut(duration: Double) -> Animation { Animation() }
    /// A change along a cubic Bézier timing curve.
    public static func timingCurve(
        _ p1x: Double, _ p1y: Double, _ p2x: Double, _ p2y: Double, duration: Double = 0.35
    ) -> Animation { Animation() }
    /// A spring of a duration and bounce.
    public static func spring(
        duration: Double = 0.5, bounce: Double = 0, blendDuration: Double = 0
    ) -> Animation { Animation() }
    /// A spring of a response and damping.
    public static func spring(
        response: Double, dampingFraction: Double = 0.825, blendDuration: Double = 0
    ) -> Animation { Animation() }
    /// A spring for interactive changes, of a response and damping.
    public static func interactiveSpring(
        response: Double = 0.15, dampingFraction: Double = 0.86, blendDuration: Double = 0.25
    ) -> Animation { Animation() }
    /// A spring of a stiffness and damping that keeps its speed.
    public static func interpolatingSpring(
        mass: Double = 1, stiffness: Double, damping: Double, initialVelocity: Double = 0
    ) -> Animation { Animation() }
    /// A smooth spring over a duration.
    public static func smooth(duration: Double = 0.5, extraBounce: Double = 0) -> Animation {
        Animation()
    }
    /// A snappy spring over a duration.
    public static func snappy(duration: Double = 0.5, extraBounce: Double = 0) -> Animation {
        Animation()
    }
    /// A bouncy spring over a duration.
    public static func bouncy(duration: Double = 0.5, extraBounce: Double = 0) -> Animation {
        Animation()
    }

    /// This animation after a delay.
    public func delay(_ delay: Double) -> Animation { self }
    /// This animation faster or slower.
    public func speed(_ speed: Double) -> Animation { self }
    /// This animation repeated.
    public func repeatCount(_ count: Int, autoreverses: Bool = true) -> Animation { self }
    /// This animation repeated for ever.
    public func repeatForever(autoreverses: Bool = true) -> Animation { self }
}

/// Runs `body` at once: the changes it makes are drawn in the next frame, as they are, since
/// a widget doesn't animate.
///
/// ```swift
/// withAnimation(.easeIn) { isExpanded.toggle() }
/// ```
public func withAnimation<Result>(
    _ animation: Animation? = .default, _ body: () throws -> Result
) rethrows -> Result {
    try body()
}
