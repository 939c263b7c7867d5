import FoundationEssentials
import Glibc

/// A critically damped spring: how a page let go by the finger settles on its place, starting
/// at the finger's speed and slowing to rest without overshooting (StandBy's views and stacks
/// settle so).
///
/// Its position, measured from the target, is the closed form of `x'' = −ω²x − 2ωx'`:
///
///     x(t) = (x₀ + (v₀ + ω·x₀)·t)·e^(−ωt)
///     v(t) = (v₀ − (v₀ + ω·x₀)·ω·t)·e^(−ωt)
///
/// so a frame's position depends only on the time since release, never on how often frames
/// came (a late frame is not a slower animation).
///
/// ```swift
/// let spring = Spring(from: 0.4, velocity: -1.5, to: 0)  // pages, pages per second
/// spring.position(after: 0.1)   // 0.27…
/// spring.isAtRest(after: 0.6, tolerance: 0.001)
/// ```
public struct Spring: Sendable, Equatable {
    /// The angular frequency ω, per second: 2π over the response.
    public static let stiffness = 2 * Double.pi / response
    /// How long the spring takes to do most of its motion, in seconds (StandBy's paging feels
    /// like 0.35 s).
    public static let response = 0.35

    /// Where it starts.
    public let start: Double
    /// Its speed at the start, in units per second.
    public let velocity: Double
    /// Where it comes to rest.
    public let target: Double

    /// A spring released at `start` with `velocity`, settling on `target`.
    public init(from start: Double, velocity: Double, to target: Double) {
        self.start = start
        self.velocity = velocity.isFinite ? velocity : 0
        self.target = target
    }

    /// The position `t` seconds after release.
    public func position(after t: Double) -> Double {
        let t = max(0, t)
        let x0 = start - target
        let w = Self.stiffness
        return target + (x0 + (velocity + w * x0) * t) * exp(-w * t)
    }

    /// The speed `t` seconds after release, in units per second.
    public func speed(after t: Double) -> Double {
        let t = max(0, t)
        let x0 = start - target
        let w = Self.stiffness
        return (velocity - (velocity + w * x0) * w * t) * exp(-w * t)
    }

    /// Whether, `t` seconds after release, it is within `tolerance` of the target and moving
    /// by less than `tolerance` in a sixtieth of a second: nothing a frame could show.
    public func isAtRest(after t: Double, tolerance: Double) -> Bool {
        abs(position(after: t) - target) < tolerance && abs(speed(after: t)) / 60 < tolerance
    }
}
