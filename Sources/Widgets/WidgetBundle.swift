/// A group of widgets shipped together: what a Nightstand program declares with `@main`.
///
/// ```swift
/// @main
/// struct MyDisplay: WidgetBundle {
///     var body: some Widget {
///         Countdown()
///         Tides()
///     }
/// }
/// ```
///
/// `NightstandKit` gives every bundle a `main()` that runs the whole host, with the bundle's
/// widgets available by kind in the configuration next to the built-in ones.
public protocol WidgetBundle {
    /// The widgets' type, built by ``WidgetBundleBuilder``.
    associatedtype Body: Widget

    /// Creates the bundle.
    init()

    /// The widgets, in order.
    @WidgetBundleBuilder var body: Body { get }
}

/// Builds a bundle's widgets from a list.
@resultBuilder
public enum WidgetBundleBuilder {
    /// Any number of widgets, in order.
    public static func buildBlock<each W: Widget>(_ widget: repeat each W) -> TupleWidget<
        repeat each W
    > {
        TupleWidget(repeat each widget)
    }
}

/// Several widgets as one: what ``WidgetBundleBuilder`` builds.
public struct TupleWidget<each W: Widget>: Widget, WidgetGroup {
    let widgets: (repeat each W)

    init(_ widget: repeat each W) {
        widgets = (repeat each widget)
    }

    /// Creates every widget of the group.
    public init() {
        widgets = (repeat (each W).init())
    }

    /// A group has no configuration of its own; the host reads its members.
    ///
    /// Never called.
    public var body: Never {
        fatalError("a group of widgets has no single configuration")
    }

    var members: [WidgetDescriptor] {
        var all: [WidgetDescriptor] = []
        for widget in repeat each widgets {
            all += widget.descriptors
        }
        return all
    }
}

extension Never: WidgetConfiguration {
    /// Never called: there is no value of `Never`.
    public var _descriptor: WidgetDescriptor {
        switch self {}
    }
}
