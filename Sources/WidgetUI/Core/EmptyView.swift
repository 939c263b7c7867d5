/// A view with no content, which takes no space and is not a child of its container.
///
/// A stack skips an `EmptyView` entirely, so no spacing is added for it.
///
/// ```swift
/// var body: some View {
///     if entry.isEmpty { EmptyView() } else { Text(entry.title) }
/// }
/// ```
public struct EmptyView: View {
    /// Creates an empty view.
    public init() {}
}

extension EmptyView: PrimitiveView {
    func makeNodes(in environment: EnvironmentValues, into nodes: inout [LayoutNode]) {}
}
