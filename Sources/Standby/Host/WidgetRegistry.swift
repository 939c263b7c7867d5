import Widgets

/// The widget kinds a configuration can name: the built-in ones and a bundle's.
///
/// ```swift
/// var registry = WidgetRegistry(BuiltinWidgets.all)
/// for descriptor in WidgetDescriptor.all(in: MyDisplay()) {
///     registry.add(ConfigurableWidget(descriptor))
/// }
/// let descriptors = try registry.makeWidgets(for: configuration)
/// ```
public struct WidgetRegistry {
    private var kinds: [String: ConfigurableWidget] = [:]

    /// A registry of these kinds; a later kind replaces an earlier one of the same name.
    public init(_ widgets: [ConfigurableWidget] = []) {
        for widget in widgets { add(widget) }
    }

    /// Adds a kind.
    public mutating func add(_ widget: ConfigurableWidget) {
        kinds[widget.kind] = widget
    }

    /// The names of the kinds, sorted.
    public var kindNames: [String] { kinds.keys.sorted() }

    /// Makes every `[[widget]]` instance of a configuration, in order.
    ///
    /// Throws ``ConfigurationError`` at the instance's line for an unknown kind or a bad
    /// option.
    public func makeWidgets(for configuration: Configuration) throws -> [WidgetDescriptor] {
        try configuration.widgets.map { instance in
            guard let kind = kinds[instance.kind] else {
                throw configuration.error(
                    widget: instance, key: "kind",
                    "unknown widget kind \"\(instance.kind)\"; known kinds: "
                        + kindNames.joined(separator: ", "))
            }
            do {
                return try kind.make(instance.options)
            } catch let error as WidgetOptionError {
                throw configuration.error(
                    widget: instance, key: error.key,
                    "expected \(error.expected), found \(error.found)")
            } catch {
                throw configuration.error(widget: instance, key: "kind", "\(error)")
            }
        }
    }
}
