/// A view of any type, behind one concrete type.
///
/// Use it when different branches must return one type outside a ``ViewBuilder``; prefer a
/// builder (`@ViewBuilder`, `if`/`switch`) where you can.
///
/// ```swift
/// func badge(for count: Int) -> AnyView {
///     count > 0 ? AnyView(Text("\(count)")) : AnyView(EmptyView())
/// }
/// ```
public struct AnyView: View {
    let makeNodes: (EnvironmentValues, inout [LayoutNode]) -> Void

    /// Wraps a view.
    public init<V: View>(_ view: V) {
        if let erased = view as? AnyView {
            makeNodes = erased.makeNodes
        } else {
            makeNodes = { view.resolve(in: $0, into: &$1) }
        }
    }

    /// Wraps a view of a type known only at run time.
    public init?(erasing view: Any) {
        guard let view = view as? any View else { return nil }
        self.init(view)
    }
}

extension AnyView: PrimitiveView {
    func makeNodes(in environment: EnvironmentValues, into nodes: inout [LayoutNode]) {
        makeNodes(environment, &nodes)
    }
}
