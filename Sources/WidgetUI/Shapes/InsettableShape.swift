import Foundation

/// A shape that can be drawn inset by an amount, so that a border stays inside its frame.
///
/// ```swift
/// RoundedRectangle(cornerRadius: 12)
///     .strokeBorder(.white.opacity(0.6), lineWidth: 2)   // the whole line inside the frame
/// Circle().inset(by: 4).fill(.blue)
/// ```
public protocol InsettableShape: Shape {
    /// The type of the inset shape.
    associatedtype InsetShape: InsettableShape

    /// This shape inset by `amount` points on every side (negative: outset).
    func inset(by amount: CGFloat) -> InsetShape
}

extension InsettableShape {
    /// This shape drawn in its frame inset by `amount` on every side: what the built-in shapes
    /// but `RoundedRectangle` (whose corners shrink too) do.
    public func inset(by amount: CGFloat) -> _InsetShape<Self> {
        _InsetShape(base: self, amount: Double(amount))
    }

    /// Strokes the shape's outline inside its frame: the shape inset by half the line width,
    /// then stroked.
    ///
    /// ```swift
    /// Circle().strokeBorder(.orange, lineWidth: 4)
    /// ```
    public func strokeBorder<S: ShapeStyle>(_ content: S = .foreground, lineWidth: CGFloat = 1)
        -> _ShapeView<InsetShape, S>
    {
        strokeBorder(content, style: StrokeStyle(lineWidth: Double(lineWidth)))
    }

    /// Strokes the shape's outline inside its frame with a stroke style.
    public func strokeBorder<S: ShapeStyle>(_ content: S = .foreground, style: StrokeStyle)
        -> _ShapeView<InsetShape, S>
    {
        inset(by: CGFloat(style.lineWidth / 2)).stroke(content, style: style)
    }
}

/// A shape drawn in its frame made smaller by an amount on every side.
///
/// The built-in shapes' `inset(by:)` return one.
public struct _InsetShape<Base: Shape>: InsettableShape {
    /// The shape being inset.
    var base: Base
    /// The inset on each side, in points.
    var amount: Double

    /// The base shape in the inset frame.
    public func path(in rect: CGRect) -> Path {
        base.path(in: rect.insetBy(dx: CGFloat(amount), dy: CGFloat(amount)))
    }

    /// The same shape inset further.
    public func inset(by amount: CGFloat) -> _InsetShape<Base> {
        _InsetShape(base: base, amount: self.amount + Double(amount))
    }
}

extension _InsetShape: EnvironmentDependentShape {
    func resolved(in environment: EnvironmentValues) -> _InsetShape {
        _InsetShape(base: base.resolved(in: environment), amount: amount)
    }
}

extension Rectangle: InsettableShape {}

extension Circle: InsettableShape {}

extension Ellipse: InsettableShape {}

extension Capsule: InsettableShape {}

extension RoundedRectangle: InsettableShape {
    /// The rounded rectangle inset by an amount, its corners smaller by the same amount, so
    /// that the inset outline stays concentric.
    public func inset(by amount: CGFloat) -> _InsetShape<RoundedRectangle> {
        var inner = self
        inner.cornerSize = CGSize(
            width: max(cornerSize.width - amount, 0), height: max(cornerSize.height - amount, 0))
        return _InsetShape(base: inner, amount: Double(amount))
    }
}

extension ContainerRelativeShape: InsettableShape {}
