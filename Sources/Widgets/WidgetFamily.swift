import Raster
import WidgetUI

/// The size and shape of a widget: the small square StandBy shows, the wider home-screen
/// sizes, and the accessory sizes of the Lock Screen.
///
/// Each family has a fixed size in points; a slot draws the widget at
/// `slot pixels / family points` as vector drawing.
///
/// ```swift
/// @Environment(\.widgetFamily) private var family
///
/// var body: some View {
///     switch family {
///     case .systemSmall: SmallView(entry: entry)
///     default: MediumView(entry: entry)
///     }
/// }
/// ```
///
/// ## Differences from WidgetKit
///
/// Sizes are fixed at those of a 6.1-inch iPhone rather than varying by device; the iPad's
/// `systemExtraLarge` is as wide as two large widgets and the 16-point gap between them.
public enum WidgetFamily: String, Hashable, Sendable, CaseIterable, CustomStringConvertible,
    CustomDebugStringConvertible
{
    /// A small square: 170 x 170 points. StandBy's slots show this family.
    case systemSmall
    /// A wide rectangle: 364 x 170 points.
    case systemMedium
    /// A large rectangle: 364 x 382 points.
    case systemLarge
    /// The widest rectangle: 744 x 382 points (two large widgets side by side).
    case systemExtraLarge
    /// A small circle: 76 x 76 points.
    case accessoryCircular
    /// A small rectangle: 172 x 76 points.
    case accessoryRectangular
    /// One line of text and a symbol: 257 x 26 points.
    case accessoryInline

    /// The family's size in points.
    public var size: Size {
        switch self {
        case .systemSmall: Size(width: 170, height: 170)
        case .systemMedium: Size(width: 364, height: 170)
        case .systemLarge: Size(width: 364, height: 382)
        case .systemExtraLarge: Size(width: 744, height: 382)
        case .accessoryCircular: Size(width: 76, height: 76)
        case .accessoryRectangular: Size(width: 172, height: 76)
        case .accessoryInline: Size(width: 257, height: 26)
        }
    }

    /// The corner radius of the widget's shape, in points (continuous corners).
    ///
    /// An accessory circle is round; the inline family has no shape of its own.
    public var cornerRadius: Double {
        switch self {
        case .systemSmall, .systemMedium, .systemLarge, .systemExtraLarge: 22
        case .accessoryCircular: 38
        case .accessoryRectangular: 12
        case .accessoryInline: 0
        }
    }

    /// The margins the system puts around the content: 16 points for the system families,
    /// none for accessories.
    public var contentMargins: EdgeInsets {
        switch self {
        case .systemSmall, .systemMedium, .systemLarge, .systemExtraLarge:
            EdgeInsets(top: 16, leading: 16, bottom: 16, trailing: 16)
        case .accessoryCircular, .accessoryRectangular, .accessoryInline:
            EdgeInsets()
        }
    }

    /// Whether the family is one of the Lock Screen's accessory families.
    public var isAccessory: Bool {
        switch self {
        case .systemSmall, .systemMedium, .systemLarge, .systemExtraLarge: false
        case .accessoryCircular, .accessoryRectangular, .accessoryInline: true
        }
    }

    /// The family's name as written in code and configuration, such as `systemSmall`.
    public var description: String { rawValue }

    /// The family's name as WidgetKit prints it in a debugger, such as `systemSmall`.
    public var debugDescription: String { rawValue }
}

extension EnvironmentValues {
    /// The family of the widget being drawn.
    ///
    /// Default: `.systemSmall`.
    ///
    /// ```swift
    /// @Environment(\.widgetFamily) private var family
    /// ```
    public var widgetFamily: WidgetFamily {
        get { self[WidgetFamilyKey.self] }
        set { self[WidgetFamilyKey.self] = newValue }
    }
}

private struct WidgetFamilyKey: EnvironmentKey {
    static let defaultValue = WidgetFamily.systemSmall
}
