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
    /// The values set, by key type; each holds its key's `Value`.
    private var values: [ObjectIdentifier: StoredValue] = [:]

    /// Creates an environment where every key has its default value.
    public init() {}

    /// The value for a key, or the key's default when no ancestor set one.
    public subscript<Key: EnvironmentKey>(key: Key.Type) -> Key.Value {
        get {
            guard let stored = values[ObjectIdentifier(key)] else { return Key.defaultValue }
            // Only the setter stores under this key, always a `Key.Value`: no dynamic cast
            // (a cast from `Any` per read was a good part of resolving a view tree).
            return unsafeDowncast(stored, to: TypedValue<Key.Value>.self).value
        }
        set {
            values[ObjectIdentifier(key)] = TypedValue(newValue)
        }
    }
}

/// A value in ``EnvironmentValues``, of a type its key knows.
private class StoredValue {}

/// A value of a known type in ``EnvironmentValues``.
private final class TypedValue<Value>: StoredValue {
    let value: Value

    init(_ value: Value) {
        self.value = value
    }
}
