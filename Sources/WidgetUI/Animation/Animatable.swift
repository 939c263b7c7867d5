import Foundation

/// A value that can be interpolated: added, subtracted and scaled, as SwiftUI's.
///
/// `Double`, `Float`, `CGFloat`, ``AnimatablePair`` and ``EmptyAnimatableData`` are vectors.
public protocol VectorArithmetic: AdditiveArithmetic, Sendable {
    /// Multiplies each component by `rhs`.
    mutating func scale(by rhs: Double)
    /// The dot product of the vector with itself.
    var magnitudeSquared: Double { get }
}

extension VectorArithmetic {
    /// This vector scaled by `rhs`.
    public func scaled(by rhs: Double) -> Self {
        var copy = self
        copy.scale(by: rhs)
        return copy
    }
}

/// A type whose drawing follows values that could be interpolated: SwiftUI's animation
/// protocol.
///
/// A widget draws each entry as it is, without animating between entries, so nothing here
/// reads `animatableData` on its own; it is kept so that a shape written for iOS (with a hand-
/// written `animatableData` or `@Animatable`) compiles and can be driven by it.
///
/// ```swift
/// @Animatable
/// struct Ring: Shape {
///     var progress: Double
///     @AnimatableIgnored var clockwise: Bool
///     func path(in rect: CGRect) -> Path { … }
/// }
/// ```
public protocol Animatable {
    /// The vector the values are read into and written from.
    associatedtype AnimatableData: VectorArithmetic
    /// The values, as one vector.
    var animatableData: AnimatableData { get set }
}

extension Animatable where AnimatableData == EmptyAnimatableData {
    /// Nothing animates: the default.
    public var animatableData: EmptyAnimatableData {
        get { EmptyAnimatableData() }
        set {}
    }
}

/// Two vectors as one, for a type with two or more animatable values.
@frozen
public struct AnimatablePair<First: VectorArithmetic, Second: VectorArithmetic>: VectorArithmetic {
    /// The first vector.
    public var first: First
    /// The second vector.
    public var second: Second

    /// Creates a pair.
    public init(_ first: First, _ second: Second) {
        self.first = first
        self.second = second
    }

    /// The zero vector.
    public static var zero: Self { Self(.zero, .zero) }

    /// The sum of two vectors.
    public static func + (lhs: Self, rhs: Self) -> Self {
        Self(lhs.first + rhs.first, lhs.second + rhs.second)
    }

    /// The difference of two vectors.
    public static func - (lhs: Self, rhs: Self) -> Self {
        Self(lhs.first - rhs.first, lhs.second - rhs.second)
    }

    /// Multiplies each component by `rhs`.
    public mutating func scale(by rhs: Double) {
        first.scale(by: rhs)
        second.scale(by: rhs)
    }

    /// The dot product of the vector with itself.
    public var magnitudeSquared: Double { first.magnitudeSquared + second.magnitudeSquared }
}

/// No values: the vector of what doesn't animate.
@frozen
public struct EmptyAnimatableData: VectorArithmetic {
    /// Creates the empty vector.
    public init() {}
    /// The zero vector.
    public static var zero: Self { Self() }
    /// The sum of two vectors.
    public static func + (lhs: Self, rhs: Self) -> Self { Self() }
    /// The difference of two vectors.
    public static func - (lhs: Self, rhs: Self) -> Self { Self() }
    /// Multiplies each component by `rhs`.
    public mutating func scale(by rhs: Double) {}
    /// The dot product of the vector with itself.
    public var magnitudeSquared: Double { 0 }
}

extension Double: VectorArithmetic, Animatable {
    /// The number animates as itself.
    public var animatableData: Double {
        get { self }
        set { self = newValue }
    }
    /// Multiplies each component by `rhs`.
    public mutating func scale(by rhs: Double) { self *= rhs }
    /// The dot product of the vector with itself.
    public var magnitudeSquared: Double { self * self }
}

extension Float: VectorArithmetic, Animatable {
    /// The number animates as itself.
    public var animatableData: Float {
        get { self }
        set { self = newValue }
    }
    /// Multiplies each component by `rhs`.
    public mutating func scale(by rhs: Double) { self *= Float(rhs) }
    /// The dot product of the vector with itself.
    public var magnitudeSquared: Double { Double(self * self) }
}

extension CGFloat: VectorArithmetic, Animatable {
    /// The number animates as itself.
    public var animatableData: CGFloat {
        get { self }
        set { self = newValue }
    }
    /// Multiplies each component by `rhs`.
    public mutating func scale(by rhs: Double) { self *= CGFloat(rhs) }
    /// The dot product of the vector with itself.
    public var magnitudeSquared: Double { Double(self * self) }
}

extension Angle: Animatable {
    /// The angle in radians.
    public var animatableData: Double {
        get { radians }
        set { radians = newValue }
    }
}

extension UnitPoint: Animatable {
    /// `x` and `y`.
    public var animatableData: AnimatablePair<Double, Double> {
        get { AnimatablePair(x, y) }
        set { (x, y) = (newValue.first, newValue.second) }
    }
}

extension CGPoint: Animatable {
    /// `x` and `y`.
    public var animatableData: AnimatablePair<CGFloat, CGFloat> {
        get { AnimatablePair(x, y) }
        set { (x, y) = (newValue.first, newValue.second) }
    }
}

extension CGSize: Animatable {
    /// `width` and `height`.
    public var animatableData: AnimatablePair<CGFloat, CGFloat> {
        get { AnimatablePair(width, height) }
        set { (width, height) = (newValue.first, newValue.second) }
    }
}

extension CGRect: Animatable {
    /// The origin and the size.
    public var animatableData: AnimatablePair<CGPoint.AnimatableData, CGSize.AnimatableData> {
        get { AnimatablePair(origin.animatableData, size.animatableData) }
        set { (origin.animatableData, size.animatableData) = (newValue.first, newValue.second) }
    }
}
