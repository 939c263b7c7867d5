import Foundation

extension Shape {
    /// The part of this shape's outline between two fractions of its length, as a shape.
    ///
    /// Fractions are clamped to 0…1; the outline starts where the shape's path starts (a
    /// circle's at its rightmost point, going clockwise). Stroke the result to draw an arc or a
    /// progress ring.
    ///
    /// ```swift
    /// Circle()
    ///     .trim(from: 0, to: 0.72)
    ///     .stroke(.green, style: StrokeStyle(lineWidth: 8, lineCap: .round))
    ///     .rotationEffect(.degrees(-90))   // start at 12 o'clock
    /// ```
    public func trim(from startFraction: Double = 0, to endFraction: Double = 1)
        -> _TrimmedShape<Self>
    {
        _TrimmedShape(shape: self, startFraction: startFraction, endFraction: endFraction)
    }
}

/// A shape cut to a part of its outline's length; ``Shape/trim(from:to:)`` makes one.
public struct _TrimmedShape<Content: Shape>: Shape {
    /// The shape being trimmed.
    public var shape: Content
    /// Where the kept part starts, as a fraction of the outline's length.
    public var startFraction: Double
    /// Where the kept part ends, as a fraction of the outline's length.
    public var endFraction: Double

    /// The trimmed outline of the shape in `rect`; empty when nothing is left, or when a
    /// fraction is not a number.
    public func path(in rect: CGRect) -> Path {
        guard !startFraction.isNaN, !endFraction.isNaN else { return Path() }
        return shape.path(in: rect).trimmedPath(from: startFraction, to: endFraction)
    }

    /// Takes the size the trimmed shape would.
    public func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        shape.sizeThatFits(proposal)
    }
}

extension _TrimmedShape: EnvironmentDependentShape {
    func resolved(in environment: EnvironmentValues) -> _TrimmedShape {
        var trimmed = self
        trimmed.shape = shape.resolved(in: environment)
        return trimmed
    }
}
