/// An optional view is its wrapped view, or nothing when `nil`.
///
/// ``ViewBuilder`` builds an `if` without `else` as an optional view; you may also return one.
///
/// ```swift
/// var body: some View {
///     VStack {
///         Text(entry.title)
///         entry.subtitle.map { Text($0) }
///     }
/// }
/// ```
extension Optional: View where Wrapped: View {
    /// A primitive view: WidgetUI lays out the wrapped view, if any.
    public typealias Body = Never
}

extension Optional: PrimitiveView where Wrapped: View {
    func makeNodes(in environment: EnvironmentValues, into nodes: inout [LayoutNode]) {
        self?.resolve(in: environment, into: &nodes)
    }
}
