import Raster

/// A way to lay out a ``Label``'s title and icon.
///
/// Use the built-in styles with ``View/labelStyle(_:)``, or write your own from the
/// configuration's `title` and `icon`:
///
/// ```swift
/// struct StackedLabelStyle: LabelStyle {
///     func makeBody(configuration: Configuration) -> some View {
///         VStack(spacing: 2) {
///             configuration.icon.font(.title2)
///             configuration.title.font(.caption)
///         }
///     }
/// }
///
/// Label("Wind", systemImage: "wind").labelStyle(StackedLabelStyle())
/// ```
public protocol LabelStyle {
    /// The view a label becomes.
    associatedtype Body: View

    /// The properties a style lays out.
    typealias Configuration = LabelStyleConfiguration

    /// Lays out a label's title and icon.
    @ViewBuilder func makeBody(configuration: Configuration) -> Body
}

extension LabelStyle {
    /// The body for a configuration, type-erased for a style known only at run time.
    func makeAnyBody(_ configuration: Configuration) -> AnyView {
        AnyView(makeBody(configuration: configuration))
    }
}

/// A label's title and icon, as a ``LabelStyle`` receives them.
public struct LabelStyleConfiguration {
    /// The label's title view.
    public struct Title: View {
        let content: AnyView

        /// The title as the label was given it.
        public var body: AnyView { content }
    }

    /// The label's icon view.
    public struct Icon: View {
        let content: AnyView

        /// The icon as the label was given it.
        public var body: AnyView { content }
    }

    /// The title.
    public let title: Title
    /// The icon.
    public let icon: Icon
}

/// The standard label: icon, 8 points, title, the icon centered on the title's capitals.
///
/// ```swift
/// Label("Home", systemImage: "house.fill").labelStyle(.titleAndIcon)
/// ```
public struct TitleAndIconLabelStyle: LabelStyle {
    /// The space between icon and title, in points: 8.
    static let spacing = 8.0

    /// Creates the style.
    public init() {}

    /// The icon and the title side by side.
    public func makeBody(configuration: Configuration) -> some View {
        HStack(alignment: .firstTextBaseline, spacing: Self.spacing) {
            CapCenteredIcon(content: configuration.icon)
            configuration.title
        }
    }
}

/// A label that shows only its title.
///
/// ```swift
/// Label("Home", systemImage: "house.fill").labelStyle(.titleOnly)
/// ```
public struct TitleOnlyLabelStyle: LabelStyle {
    /// Creates the style.
    public init() {}

    /// The title alone.
    public func makeBody(configuration: Configuration) -> some View {
        configuration.title
    }
}

/// A label that shows only its icon.
///
/// ```swift
/// Label("Home", systemImage: "house.fill").labelStyle(.iconOnly)
/// ```
public struct IconOnlyLabelStyle: LabelStyle {
    /// Creates the style.
    public init() {}

    /// The icon alone.
    public func makeBody(configuration: Configuration) -> some View {
        configuration.icon
    }
}

extension LabelStyle where Self == TitleAndIconLabelStyle {
    /// Icon and title; the default.
    public static var titleAndIcon: TitleAndIconLabelStyle { TitleAndIconLabelStyle() }
    /// The style for the context: always ``titleAndIcon`` here.
    public static var automatic: TitleAndIconLabelStyle { TitleAndIconLabelStyle() }
}

extension LabelStyle where Self == TitleOnlyLabelStyle {
    /// The title alone.
    public static var titleOnly: TitleOnlyLabelStyle { TitleOnlyLabelStyle() }
}

extension LabelStyle where Self == IconOnlyLabelStyle {
    /// The icon alone.
    public static var iconOnly: IconOnlyLabelStyle { IconOnlyLabelStyle() }
}

/// A label's icon, with its text baseline where it centers the icon on the capitals of the
/// label's font (``SymbolMetrics/capCenteredBaseline(height:capHeight:)``), whatever the icon
/// is: symbols already sit so, pictures and shapes are moved to match.
struct CapCenteredIcon<Content: View>: View, PrimitiveView {
    var content: Content

    func makeNodes(in environment: EnvironmentValues, into nodes: inout [LayoutNode]) {
        let capHeight = SymbolMetrics(environment).capHeight
        content.resolve(in: environment, into: &nodes) {
            CapCenteredNode(child: $0, capHeight: capHeight)
        }
    }
}

/// Lays out as its child; its text baselines center it on capitals `capHeight` tall.
final class CapCenteredNode: ModifierNode {
    let capHeight: Double

    init(child: LayoutNode, capHeight: Double) {
        self.capHeight = capHeight
        super.init(kind: "labelIcon", child: child)
    }

    override func alignmentGuide(_ alignment: AxisAlignment, in size: Size) -> Double {
        guard case .vertical = alignment, alignment.fraction == nil else {
            return super.alignmentGuide(alignment, in: size)
        }
        return SymbolMetrics.capCenteredBaseline(height: size.height, capHeight: capHeight)
    }
}
