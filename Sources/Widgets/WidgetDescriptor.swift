import FoundationEssentials
import Raster
import SystemSupport
import WidgetUI

/// Everything the host knows about one widget kind: its options, its provider, and how to draw an entry.
///
/// ``StaticConfiguration`` and its modifiers make one.
///
/// ```swift
/// let clock = WidgetDescriptor(Clock())
/// let entry = clock.provider.placeholder(in: TimelineProviderContext(family: .systemSmall))
/// clock.render(entry: entry, family: .systemSmall, on: canvas, scale: 3)
/// ```
public struct WidgetDescriptor {
    /// The kind: the name the configuration and `WidgetCenter` use.
    public let kind: String
    /// The name shown to people: a key, looked up in a language by ``displayName(in:)``.
    ///
    /// Default: the kind.
    public var displayName: String
    /// What the widget shows, in a sentence.
    ///
    /// Default: empty.
    public var description = ""
    /// The families the widget can be drawn in.
    ///
    /// Default: the system families.
    public var supportedFamilies: [WidgetFamily] = [.systemSmall, .systemMedium, .systemLarge]
    /// Whether StandBy may remove the container background.
    ///
    /// Default: `true`.
    public var isContainerBackgroundRemovable = true
    /// The families in which each location is disfavored.
    ///
    /// Default: none.
    public var disfavoredLocations: [WidgetLocation: Set<WidgetFamily>] = [:]
    /// Whether the content is drawn edge to edge, without the content margins.
    ///
    /// Default: `false`.
    public var contentMarginsDisabled = false
    /// The widget's provider.
    public let provider: AnyTimelineProvider
    private let content: (any TimelineEntry) -> AnyView?

    init<Entry: TimelineEntry, Content: View>(
        kind: String, provider: AnyTimelineProvider,
        content: @escaping (Entry) -> Content
    ) {
        self.kind = kind
        self.displayName = kind
        self.provider = provider
        self.content = { entry in (entry as? Entry).map { AnyView(content($0)) } }
    }

    /// ``displayName`` in a language, looked up as `Text(displayName)` looks a key up (the
    /// program's resource bundles, then Nightstand's words: "Weather" is "Wetter" in German);
    /// as written when no catalog has it.
    public func displayName(in locale: Locale) -> String {
        String(localized: LocalizedStringKey(displayName), locale: locale)
    }

    /// The descriptor of a widget.
    public init<W: Widget>(_ widget: W) {
        self = widget.body._descriptor
    }

    /// The descriptor of a configuration, for a widget made from options at run time.
    public init(_ configuration: some WidgetConfiguration) {
        self = configuration._descriptor
    }

    /// The descriptors of every widget in a bundle, in the bundle's order.
    public static func all<B: WidgetBundle>(in bundle: B) -> [WidgetDescriptor] {
        bundle.body.descriptors
    }

    /// Whether the widget asks not to be suggested at a location in a family.
    public func isDisfavored(at location: WidgetLocation, family: WidgetFamily) -> Bool {
        disfavoredLocations[location]?.contains(family) ?? false
    }

    /// Draws an entry as the widget of a family, its top-left corner at the canvas's origin,
    /// `scale` pixels per point.
    ///
    /// The renderer sets the widget's environment on top of `environment`: the family, its
    /// content margins (the content is padded by them unless the configuration disabled
    /// them) and its shape as the container shape, and, when the container background shows,
    /// clips to that shape.
    /// Pass the host's `fonts` so faces and glyphs load once.
    ///
    /// An entry of another type than the provider's draws nothing and is logged.
    @discardableResult
    public func render(
        entry: any TimelineEntry, family: WidgetFamily,
        environment: EnvironmentValues = EnvironmentValues(), fonts: FontDatabase? = nil,
        now: Date = Date(), on canvas: Canvas, scale: Double
    ) -> RenderReport {
        guard let view = content(entry) else {
            Logger(label: "nightstand.widgets").error(
                "widget \(kind): entry of type \(type(of: entry)) is not its provider's entry type")
            return RenderReport(nextChange: nil)
        }
        var environment = environment
        environment.widgetFamily = family
        // The family's margins are in the environment even when the configuration disabled
        // them, as in WidgetKit, for views that apply them where they want them.
        environment.widgetContentMargins = family.contentMargins
        let margins = contentMarginsDisabled ? EdgeInsets() : family.contentMargins
        // The family's shape, for ContainerRelativeShape and AccessoryWidgetBackground: a
        // circle for the circular accessory, continuous corners for the rest.
        let corners: RoundedCornerStyle = family == .accessoryCircular ? .circular : .continuous
        environment.containerShape = ContainerShape(
            cornerRadius: family.cornerRadius, style: corners)
        let size = family.size
        return canvas.withSavedState {
            if environment.showsWidgetContainerBackground && family.cornerRadius > 0 {
                canvas.clip(
                    to: Path(
                        roundedRect: Rect(
                            x: 0, y: 0, width: size.width * scale, height: size.height * scale),
                        cornerRadius: family.cornerRadius * scale, style: corners))
            }
            return WidgetUI.render(
                view.padding(margins), size: size, environment: environment, fonts: fonts,
                now: now, on: canvas, scale: scale)
        }
    }
}
