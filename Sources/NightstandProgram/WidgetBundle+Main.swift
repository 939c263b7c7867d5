import Standby
import Widgets

extension WidgetBundle {
    /// Runs the Nightstand program with this bundle's widgets available by kind in the
    /// configuration, next to the built-in ones: `@main` on a bundle is all a program needs.
    ///
    /// ```swift
    /// import NightstandKit
    ///
    /// @main
    /// struct MyDisplay: WidgetBundle {
    ///     var body: some Widget {
    ///         Tides()
    ///     }
    /// }
    /// ```
    ///
    /// The command line is `nightstand`'s: `run` (the default), `snapshot`, `check-config`, and
    /// the rest.
    public static func main() {
        NightstandCommand.main(
            widgets: WidgetDescriptor.all(in: Self()).map { descriptor in
                ConfigurableWidget(descriptor)
            })
    }
}
