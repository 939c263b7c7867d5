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
/// A view whose `@Environment(Model.self)` finds no model (no `.environment(model)` above
/// it) draws nothing and logs the missing type once, where SwiftUI stops the app.
///
/// ## Technical notes
///
/// A view is a value, so the wrapper keeps its environment in a small class box that copies of
/// the view share. Before evaluating `body`, the engine walks the view's stored properties with
/// `Mirror` and fills every box it finds (``EnvironmentReader``), as SwiftCrossUI and
/// OpenSwiftUI do.
@propertyWrapper
public struct Environment<Value> {
    /// Reads the value from an environment; nil only for an observable object not there.
    let read: (EnvironmentValues) -> Value?
    /// Whether ``read`` may find nothing (an observable object), so is checked before `body`.
    let mayBeMissing: Bool
    let box = EnvironmentBox()

    /// Reads the value at a key path of ``EnvironmentValues``.
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {
        read = { $0[keyPath: keyPath] }
        mayBeMissing = false
    }

    /// Reads a value that may be missing (an observable object).
    init(reading read: @escaping (EnvironmentValues) -> Value?) {
        self.read = read
        mayBeMissing = true
    }

    /// The current value: the one in effect where the view sits, while WidgetUI evaluates
    /// `body`.
    public var wrappedValue: Value {
        guard let value = read(box.values ?? EnvironmentValues()) else {
            // `EnvironmentReader.inject` keeps a body that would read a missing object from
            // being evaluated; this is reached only by reading one outside a body.
            preconditionFailure(
                "@Environment(\(Value.self).self) read outside a view's body, or with no "
                    + ".environment(_:) object of that type above the view")
        }
        return value
    }
}

/// The shared storage an ``Environment`` property is filled through.
final class EnvironmentBox {
    var values: EnvironmentValues?
}

/// Fills the ``Environment`` properties of a view before its body is evaluated.
enum EnvironmentReader {
    /// Sets every `@Environment` property stored directly in `view` to read from `environment`.
    ///
    /// Returns the message for the first property whose value is missing (an observable
    /// object no `.environment(_:)` provided), or nil when every one can be read.
    @discardableResult
    static func inject(_ environment: EnvironmentValues, into view: Any) -> String? {
        var problem: String?
        for child in Mirror(reflecting: view).children {
            if let property = child.value as? any EnvironmentProperty {
                property.box.values = environment
                if problem == nil, !property.isAvailable(in: environment) {
                    problem =
                        "\(type(of: view)): @Environment(\(property.valueTypeName).self) has no "
                        + "object of that type in the environment; add "
                        + ".environment(model) above the view. It draws nothing."
                }
            }
        }
        return problem
    }
}

/// A property wrapper that reads from the environment (``Environment``).
protocol EnvironmentProperty {
    var box: EnvironmentBox { get }
    /// The name of the type read, for messages.
    var valueTypeName: String { get }
    /// Whether the value can be read from an environment.
    func isAvailable(in environment: EnvironmentValues) -> Bool
}

extension Environment: EnvironmentProperty {
    var valueTypeName: String { "\(Value.self)" }

    func isAvailable(in environment: EnvironmentValues) -> Bool {
        !mayBeMissing || read(environment) != nil
    }
}
