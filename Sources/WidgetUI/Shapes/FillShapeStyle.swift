import Raster

/// The translucent gray fill for shapes that sit on a background: a track, a field, a card.
///
/// Its levels are iOS's four system fill colors (dark appearance), from the primary fill for
/// thin shapes to the quaternary one for large areas. This is the fill the Xcode widget
/// template puts behind its widget:
///
/// ```swift
/// MyWidgetEntryView(entry: entry)
///     .containerBackground(.fill.tertiary, for: .widget)
/// Capsule().fill(.fill.secondary).frame(height: 6)
/// ```
///
/// | level | UIKit color | dark value |
/// | --- | --- | --- |
/// | `.fill` | `systemFill` | #787880 at 36 % |
/// | `.fill.secondary` | `secondarySystemFill` | #787880 at 32 % |
/// | `.fill.tertiary` | `tertiarySystemFill` | #767680 at 24 % |
/// | `.fill.quaternary` | `quaternarySystemFill` | #767680 at 18 % |
/// | `.fill.quinary` | (none) | #767680 at 18 %, as quaternary |
public struct FillShapeStyle: ShapeStyle {
    /// Creates the fill style.
    public init() {}

    /// The system fill colors, by level.
    static let levels: [RGBA] = [
        RGBA(hex: 0x787880, alpha: 0.36), RGBA(hex: 0x787880, alpha: 0.32),
        RGBA(hex: 0x767680, alpha: 0.24), RGBA(hex: 0x767680, alpha: 0.18),
    ]
}

extension FillShapeStyle: ColorLevelsShapeStyle {}

extension ShapeStyle where Self == FillShapeStyle {
    /// The fill for shapes on a background; `.fill.secondary` … `.fill.quaternary` are
    /// lighter ones.
    public static var fill: FillShapeStyle { FillShapeStyle() }
}
