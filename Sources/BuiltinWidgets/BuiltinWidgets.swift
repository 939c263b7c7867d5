import Widgets

/// The widgets that ship with Nightstand, by the kind a configuration names them with.
///
/// ```toml
/// [[widget]]
/// kind = "clock"
/// ```
public enum BuiltinWidgets {
    /// Every built-in kind.
    public static var all: [ConfigurableWidget] {
        [ClockWidget.kind, DateWidget.kind]
    }
}
