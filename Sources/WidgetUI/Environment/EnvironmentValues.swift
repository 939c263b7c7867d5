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
    /// The values set, one entry per key type, in the order first set; each holds its key's
    /// `Value`.
    ///
    /// A list searched in order, not a dictionary: an environment holds a dozen values or so,
    /// and comparing a dozen key identities costs less than hashing one (reads of keys nobody
    /// set, the most common, search the whole list).
    private var values: [(key: ObjectIdentifier, value: StoredValue)] = []

    /// Creates an environment where every key has its default value.
    public init() {}

    /// The value for a key, or the key's default when no ancestor set one.
    public subscript<Key: EnvironmentKey>(key: Key.Type) -> Key.Value {
        get {
            let id = ObjectIdentifier(key)
            for entry in values where entry.key == id {
                // Only the setter stores under this key, always a `Key.Value`: no dynamic cast
                // (a cast from `Any` per read was a good part of resolving a view tree).
                return unsafeDowncast(entry.value, to: TypedValue<Key.Value>.self).value
            }
            return Key.defaultValue
        }
        set {
            let id = ObjectIdentifier(key)
            let value = TypedValue(newValue)
            if let i = values.firstIndex(where: { $0.key == id }) {
                values[i].value = value
            } else {
                values.append((id, value))
            }
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
