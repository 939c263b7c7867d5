import WidgetUI

/// A widget configuration with no user-editable options: a kind, a provider and the view for
/// an entry.
///
/// ```swift
/// StaticConfiguration(kind: "clock", provider: ClockProvider()) { entry in
///     ClockView(entry: entry)
/// }
/// ```
public struct StaticConfiguration: WidgetConfiguration {
    /// The widget this configuration describes.
    public let _descriptor: WidgetDescriptor

    /// Creates a configuration from a completion-handler provider.
    public init<Provider: TimelineProvider, Content: View>(
        kind: String, provider: Provider,
        @ViewBuilder content: @escaping (Provider.Entry) -> Content
    ) {
        _descriptor = WidgetDescriptor(
            kind: kind, provider: AnyTimelineProvider(provider), content: content)
    }

    /// Creates a configuration from an async provider.
    public init<Provider: AsyncTimelineProvider, Content: View>(
        kind: String, provider: Provider,
        @ViewBuilder content: @escaping (Provider.Entry) -> Content
    ) {
        _descriptor = WidgetDescriptor(
            kind: kind, provider: AnyTimelineProvider(provider), content: content)
    }
}

/// A configuration with one option changed: what the configuration modifiers return.
public struct ModifiedWidgetConfiguration: WidgetConfiguration {
    /// The widget this configuration describes.
    public let _descriptor: WidgetDescriptor
}

extension WidgetConfiguration {
    private func modified(_ change: (inout WidgetDescriptor) -> Void)
        -> ModifiedWidgetConfiguration
    {
        var descriptor = _descriptor
        change(&descriptor)
        return ModifiedWidgetConfiguration(_descriptor: descriptor)
    }

    /// The name people see when they pick the widget: a key of the widget's strings, shown
    /// in the display's language (``WidgetDescriptor/displayName(in:)``), as WidgetKit looks
    /// up a `LocalizedStringKey`.
    ///
    /// ```swift
    /// .configurationDisplayName("Weather")
    /// ```
    public func configurationDisplayName(_ name: String) -> ModifiedWidgetConfiguration {
        modified { $0.displayName = name }
    }

    /// What the widget shows, in a sentence.
    ///
    /// ```swift
    /// .description("Today's forecast for your location.")
    /// ```
    public func description(_ description: String) -> ModifiedWidgetConfiguration {
        modified { $0.description = description }
    }

    /// The families the widget can be drawn in.
    ///
    /// Default: every system family.
    ///
    /// ```swift
    /// .supportedFamilies([.systemSmall, .accessoryCircular])
    /// ```
    public func supportedFamilies(_ families: [WidgetFamily]) -> ModifiedWidgetConfiguration {
        modified { $0.supportedFamilies = families }
    }

    /// Whether StandBy may remove the widget's container background.
    ///
    /// Default: `true`.
    ///
    /// ```swift
    /// .containerBackgroundRemovable(false)
    /// ```
    public func containerBackgroundRemovable(_ removable: Bool = true)
        -> ModifiedWidgetConfiguration
    {
        modified { $0.isContainerBackgroundRemovable = removable }
    }

    /// Places where the widget should not be suggested in these families.
    ///
    /// Nightstand still shows a widget the configuration names in StandBy, and says so in the
    /// log.
    ///
    /// ```swift
    /// .disfavoredLocations([.standBy], for: [.systemSmall])
    /// ```
    public func disfavoredLocations(
        _ locations: [WidgetLocation], for families: [WidgetFamily]
    ) -> ModifiedWidgetConfiguration {
        modified { descriptor in
            for location in locations {
                descriptor.disfavoredLocations[location, default: []].formUnion(families)
            }
        }
    }

    /// Draws the content edge to edge instead of inside the family's content margins.
    ///
    /// ```swift
    /// .contentMarginsDisabled()
    /// ```
    public func contentMarginsDisabled() -> ModifiedWidgetConfiguration {
        modified { $0.contentMarginsDisabled = true }
    }
}
