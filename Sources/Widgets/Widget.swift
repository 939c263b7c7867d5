/// A widget: a kind of view that shows a provider's timeline, declared by its configuration.
///
/// ```swift
/// struct Countdown: Widget {
///     let kind = "countdown"
///
///     var body: some WidgetConfiguration {
///         StaticConfiguration(kind: kind, provider: Provider()) { entry in
///             CountdownView(entry: entry)
///         }
///         .configurationDisplayName("Countdown")
///         .supportedFamilies([.systemSmall, .accessoryRectangular])
///     }
/// }
/// ```
public protocol Widget {
    /// The configuration type.
    associatedtype Body: WidgetConfiguration

    /// Creates the widget; the host makes one per bundle.
    init()

    /// The widget's configuration: kind, provider, content and options.
    var body: Body { get }
}

/// The description of a widget: what ``Widget/body`` returns.
///
/// Make one with ``StaticConfiguration`` and refine it with modifiers such as
/// ``configurationDisplayName(_:)``.
public protocol WidgetConfiguration {
    /// The widget this configuration describes, as the host reads it.
    var _descriptor: WidgetDescriptor { get }
}

extension Widget {
    /// The widgets this one stands for: itself, or every widget of a bundle's group.
    var descriptors: [WidgetDescriptor] {
        if let group = self as? any WidgetGroup { return group.members }
        return [body._descriptor]
    }
}

/// A widget made of several: what ``WidgetBundleBuilder`` builds.
protocol WidgetGroup {
    /// The descriptors of the widgets in the group, in order.
    var members: [WidgetDescriptor] { get }
}

/// Where a widget can appear.
///
/// ```swift
/// .disfavoredLocations([.standBy], for: [.systemSmall])
/// ```
public enum WidgetLocation: Hashable, Sendable, CaseIterable {
    /// The home screen.
    case homeScreen
    /// The Lock Screen.
    case lockScreen
    /// StandBy: the display Nightstand draws.
    case standBy
}
