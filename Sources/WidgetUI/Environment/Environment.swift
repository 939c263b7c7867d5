/// A property that reads a value from the view's environment.
///
/// Declare it as a stored property of your view and read it in `body`; WidgetUI sets it to the
/// value in effect where the view sits in the tree, just before it asks for `body`.
///
/// ```swift
/// struct Clock: View {
///     @Environment(\.displayScale) private var scale
///
///     var body: some View {
///         Rectangle().frame(height: 1 / scale)
///     }
/// }
/// ```
///
/// ## Differences from SwiftUI
///
/// Only `@Environment` properties declared directly on the view (not inside other property
/// wrappers or nested structs) are set; reading one outside `body` gives the key's default.
///
/// ## Technical notes
///
/// A view is a value, so the wrapper keeps its environment in a small class box that copies of
/// the view share. Before evaluating `body`, the engine walks the view's stored properties with
/// `Mirror` and fills every box it finds (``EnvironmentReader``), as SwiftCrossUI and
/// OpenSwiftUI do.
@propertyWrapper
public struct Environment<Value> {
    let keyPath: KeyPath<EnvironmentValues, Value>
    let box = EnvironmentBox()

    /// Reads the value at a key path of ``EnvironmentValues``.
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {
        self.keyPath = keyPath
    }

    /// The current value: the one in effect where the view sits, while WidgetUI evaluates
    /// `body`.
    public var wrappedValue: Value {
        (box.values ?? EnvironmentValues())[keyPath: keyPath]
    }
}

/// The shared storage an ``Environment`` property is filled through.
final class EnvironmentBox {
    var values: EnvironmentValues?
}

/// Fills the ``Environment`` properties of a view before its body is evaluated.
enum EnvironmentReader {
    /// Sets every `@Environment` property stored directly in `view` to read from `environment`.
    static func inject(_ environment: EnvironmentValues, into view: Any) {
        for child in Mirror(reflecting: view).children {
            if let property = child.value as? any EnvironmentProperty {
                property.box.values = environment
            }
        }
    }
}

/// A property wrapper that reads from the environment (``Environment``).
protocol EnvironmentProperty {
    var box: EnvironmentBox { get }
}

extension Environment: EnvironmentProperty {}
