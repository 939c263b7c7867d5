import Foundation

/// iOS 17's chaining: a filled shape stroked too, the stroke drawn over the fill.
///
/// ```swift
/// Circle().fill(.orange).stroke(.white, lineWidth: 2)
/// RoundedRectangle(cornerRadius: 8).fill(.blue.opacity(0.3)).strokeBorder(.blue)
/// ```
///
/// ## Differences from SwiftUI
///
/// The result is a view, not a `ShapeView`: it can't be stroked again. `antialiased` is
/// accepted and ignored: WidgetUI always anti-aliases.
extension _ShapeView {
    /// This shape's outline stroked over it, centered on the outline, with a line width.
    public func stroke<S: ShapeStyle>(
        _ content: S = .foreground, lineWidth: Double = 1, antialiased: Bool = true
    ) -> some View {
        stroke(content, style: StrokeStyle(lineWidth: lineWidth), antialiased: antialiased)
    }

    /// This shape's outline stroked over it with a stroke style: width, caps, joins, dashes.
    public func stroke<S: ShapeStyle>(
        _ content: S = .foreground, style: StrokeStyle, antialiased: Bool = true
    ) -> some View {
        overlay(shape.stroke(content, style: style))
    }
}

extension _ShapeView where Content: InsettableShape {
    /// This shape's outline stroked over it, inside its frame, with a line width.
    public func strokeBorder<S: ShapeStyle>(
        _ content: S = .foreground, lineWidth: CGFloat = 1, antialiased: Bool = true
    ) -> some View {
        overlay(shape.strokeBorder(content, lineWidth: lineWidth))
    }

    /// This shape's outline stroked over it, inside its frame, with a stroke style.
    public func strokeBorder<S: ShapeStyle>(
        _ content: S = .foreground, style: StrokeStyle, antialiased: Bool = true
    ) -> some View {
        overlay(shape.strokeBorder(content, style: style))
    }
}
