/// A key for a value in ``EnvironmentValues``, with the value used when nobody set one.
///
/// Declare a key type, then a computed property on `EnvironmentValues` that reads and writes it;
/// views read it with `@Environment(\.name)` and set it for a subtree with
/// `.environment(\.name, value)`.
///
/// ```swift
/// private struct AccentKey: EnvironmentKey {
///     static let defaultValue = Color.orange
/// }
///
/// extension EnvironmentValues {
///     var accent: Color {
///         get { self[AccentKey.self] }
///         set { self[AccentKey.self] = newValue }
///     }
/// }
/// ```
public protocol EnvironmentKey {
    /// The type of value the key stores.
    associatedtype Value

    /// The value when no ancestor set one.
    static var defaultValue: Value { get }
}
