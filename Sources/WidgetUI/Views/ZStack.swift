/// Views on top of each other, the first at the back.
///
/// Every child is offered the stack's whole proposal and placed by `alignment`; the stack is as
/// big as its largest child.
///
/// ```swift
/// ZStack(alignment: .topLeading) {
///     Color.indigo
///     Text("Tonight").padding()
/// }
/// ```
public struct ZStack<Content: View>: View {
    /// Where children sit relative to each other.
    ///
    /// Default: `.center`.
    public var alignment: Alignment
    /// The children, back to front.
    public var content: Content

    /// Creates a stack of overlapping views from the builder.
    public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.content = content()
    }
}

extension ZStack: PrimitiveView {
    func makeNodes(in environment: EnvironmentValues, into nodes: inout [LayoutNode]) {
        let children = content.resolve(in: environment.inStack(nil))
        nodes.append(ZStackNode(children: children, alignment: alignment))
    }
}
