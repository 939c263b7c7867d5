/// A value a view owns and may change while its body is evaluated.
///
/// ```swift
/// struct HabitRow: View {
///     let habit: Habit
///     @State private var isExpanded = false
///
///     var body: some View {
///         Text(habit.name).lineLimit(isExpanded ? 3 : 1)
///     }
/// }
/// ```
///
/// As in a widget on iOS, a view's body is evaluated once per timeline entry, from the view
/// as the entry's `body` makes it: a `@State` starts at its initial value in every entry and
/// nothing persists from one entry (or frame) to the next. Changing it during one evaluation
/// (through the property or its ``Binding``) is seen by the rest of that evaluation.
@propertyWrapper
public struct State<Value> {
    let box: StateBox<Value>

    /// Creates a state with an initial value.
    public init(wrappedValue value: Value) {
        box = StateBox(value)
    }

    /// Creates a state with an initial value.
    public init(initialValue value: Value) {
        self.init(wrappedValue: value)
    }

    /// The current value.
    public var wrappedValue: Value {
        get { box.value }
        nonmutating set { box.value = newValue }
    }

    /// A binding to the value, for views that change it.
    public var projectedValue: Binding<Value> {
        let box = box
        return Binding(get: { box.value }, set: { box.value = $0 })
    }
}

extension State where Value: ExpressibleByNilLiteral {
    /// Creates a state whose initial value is nil.
    public init() {
        self.init(wrappedValue: nil)
    }
}

/// Where a ``State`` keeps its value, shared by the copies of the view.
final class StateBox<Value> {
    var value: Value

    init(_ value: Value) {
        self.value = value
    }
}

/// A reference to a value stored elsewhere: read and written through.
///
/// ```swift
/// struct Toggle: View {
///     @Binding var isOn: Bool
///     var body: some View { Image(systemName: isOn ? "checkmark.circle.fill" : "circle") }
/// }
/// Toggle(isOn: $isDone)
/// Toggle(isOn: .constant(true))
/// ```
@propertyWrapper
@dynamicMemberLookup
public struct Binding<Value> {
    let get: () -> Value
    let set: (Value) -> Void

    /// Creates a binding from a getter and a setter.
    public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
        self.get = get
        self.set = set
    }

    /// Creates a binding from another binding (`@Binding var x: T` initialized with `$y`).
    public init(projectedValue: Binding<Value>) {
        self = projectedValue
    }

    /// A binding to a value that never changes; writes are dropped.
    public static func constant(_ value: Value) -> Binding<Value> {
        Binding(get: { value }, set: { _ in })
    }

    /// The value.
    public var wrappedValue: Value {
        get { get() }
        nonmutating set { set(newValue) }
    }

    /// This binding.
    public var projectedValue: Binding<Value> { self }

    /// A binding to a property of the value.
    public subscript<Property>(dynamicMember keyPath: WritableKeyPath<Value, Property>)
        -> Binding<Property>
    {
        let get = get
        let set = set
        return Binding<Property>(
            get: { get()[keyPath: keyPath] },
            set: { newValue in
                var value = get()
                value[keyPath: keyPath] = newValue
                set(value)
            })
    }
}
