/// Several views gathered without a layout of their own.
///
/// A group hands its children to the enclosing container, which lays them out as if they were
/// written there; a modifier applied to a group applies to each child.
///
/// ```swift
/// VStack {
///     Group {
///         Text("Sunrise")
///         Text("Sunset")
///     }
///     .foregroundStyle(.orange)
/// }
/// ```
public struct Group<Content: View>: View {
    /// The grouped views.
    public var content: Content

    /// Creates a group of the views the builder makes.
    public init(@ViewBuilder content: () -> Content) {
        self.content = content()
    }
}

extension Group: PrimitiveView {
    func makeNodes(in environment: EnvironmentValues, into nodes: inout [LayoutNode]) {
        content.resolve(in: environment, into: &nodes)
    }
}
