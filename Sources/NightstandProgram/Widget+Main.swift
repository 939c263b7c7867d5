import Widgets

extension Widget {
    /// Runs the Nightstand program with this widget available by its kind in the
    /// configuration, next to the built-in ones: `@main` on a single widget, as the first
    /// Xcode widget templates wrote it.
    ///
    /// ```swift
    /// @main
    /// struct Tides: Widget {
    ///     var body: some WidgetConfiguration { … }
    /// }
    /// ```
    public static func main() {
        NightstandCommand.main(widgets: [ConfigurableWidget(WidgetDescriptor(Self()))])
    }
}
