/// Views one above another, top to bottom.
///
/// The stack divides its height among its children, giving the least flexible child its share
/// first (see ``StackLayout``), puts `spacing` points between neighbours, and lines them up
/// horizontally by `alignment`.
///
/// ```swift
/// VStack(alignment: .leading, spacing: 2) {
///     Text("Cupertino").font(.headline)
///     Text("Sunny")
///     Spacer()
///     Text("H:24° L:12°").font(.caption)
/// }
/// ```
///
/// ## Differences from SwiftUI
///
/// The default spacing is 8 points between any two children, including next to a `Spacer`;
/// SwiftUI picks a spacing per pair of view types.
public struct VStack<Content: View>: View {
    /// How children line up horizontally.
    ///
    /// Default: `.center`.
    public var alignment: HorizontalAlignment
    /// Points between adjacent children, or `nil` for the default (8).
    public var spacing: Double?
    /// The children.
    public var content: Content

    /// Creates a vertical stack of the views the builder makes.
    public init(
        alignment: HorizontalAlignment = .center, spacing: Double? = nil,
        @ViewBuilder content: () -> Content
    ) {
        self.alignment = alignment
        self.spacing = spacing
        self.content = content()
    }
}

extension VStack: PrimitiveView {
    func makeNodes(in environment: EnvironmentValues, into nodes: inout [LayoutNode]) {
        let layout = StackLayout(
            axis: .vertical, alignment: .horizontal(alignment), spacing: spacing)
        let children = content.resolve(in: environment.inStack(.vertical))
        nodes.append(StackNode(kind: "VStack", children: children, layout: layout))
    }
}
