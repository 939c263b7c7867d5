import Raster

/// The background color of the context: black, and two grays above it for grouped content.
///
/// ```swift
/// MyWidgetEntryView(entry: entry)
///     .containerBackground(.background, for: .widget)
/// RoundedRectangle(cornerRadius: 10).fill(.background.secondary)
/// ```
///
/// The levels are iOS's system background colors in the dark appearance: `systemBackground`
/// (black), `secondarySystemBackground` (#1C1C1E) and `tertiarySystemBackground` (#2C2C2E);
/// the quaternary and quinary levels stay at the tertiary color.
///
/// ## Differences from SwiftUI
///
/// There is no `backgroundStyle(_:)` modifier to set another background.
public struct BackgroundStyle: ShapeStyle {
    /// Creates the background style.
    public init() {}

    /// The system background colors, by level.
    static let levels: [RGBA] = [.black, RGBA(hex: 0x1C1C1E), RGBA(hex: 0x2C2C2E)]
}

extension BackgroundStyle: ColorLevelsShapeStyle {}

extension ShapeStyle where Self == BackgroundStyle {
    /// The background color: black in StandBy's dark appearance.
    public static var background: BackgroundStyle { BackgroundStyle() }
}
