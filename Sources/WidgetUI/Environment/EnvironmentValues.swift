/// The values a view inherits from its ancestors: fonts, colors, the widget family, and so on.
///
/// The host creates one for each frame (widget family, rendering mode, luminance, display
/// scale…) and passes it to ``render(_:size:environment:fonts:now:on:scale:)``; it flows down the view
/// tree, and `.environment(_:_:)` changes a value for one subtree. Views read values with
/// ``Environment``.
///
/// ```swift
/// var environment = EnvironmentValues()
/// environment.displayScale = 2
/// ```
///
/// Add your own values with an ``EnvironmentKey``.
public struct EnvironmentValues {
    private var values: [ObjectIdentifier: Any] = [:]

    /// Creates an environment where every key has its default value.
    public init() {}

    /// The value for a key, or the key's default when no ancestor set one.
    public subscript<Key: EnvironmentKey>(key: Key.Type) -> Key.Value {
        get {
            if let value = values[ObjectIdentifier(key)] as? Key.Value { return value }
            return Key.defaultValue
        }
        set {
            values[ObjectIdentifier(key)] = newValue
        }
    }
}
