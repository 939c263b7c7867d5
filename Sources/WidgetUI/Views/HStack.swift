/// Views side by side, left to right.
///
/// The stack divides its width among its children, giving the least flexible child its share
/// first (see ``StackLayout``), puts `spacing` points between neighbours, and lines them up
/// vertically by `alignment`.
///
/// ```swift
/// HStack(alignment: .top, spacing: 4) {
///     Image(systemName: "sun.max")
///     Text("Sunny")
///     Spacer()
///     Text("24°")
/// }
/// ```
///
/// ## Differences from SwiftUI
///
/// The default spacing is 8 points between any two children, including next to a `Spacer`;
/// SwiftUI picks a spacing per pair of view types (usually 8, less between some text).
public struct HStack<Content: View>: View {
    /// How children line up vertically.
    ///
    /// Default: `.center`.
    public var alignment: VerticalAlignment
    /// Points between adjacent children, or `nil` for the default (8).
    public var spacing: Double?
    /// The children.
    public var content: Content

    /// Creates a horizontal stack of the views the builder makes.
    public init(
        alignment: VerticalAlignment = .center, spacing: Double? = nil,
        @ViewBuilder content: () -> Content
    ) {
        self.alignment = alignment
        self.spacing = spacing
        self.content = content()
    }
}

extension HStack: PrimitiveView {
    func makeNodes(in environment: EnvironmentValues, into nodes: inout [LayoutNode]) {
        let layout = StackLayout(
            axis: .horizontal, alignment: .vertical(alignment), spacing: spacing)
        let children = content.resolve(in: environment.inStack(.horizontal))
        nodes.append(StackNode(kind: "HStack", children: children, layout: layout))
    }
}
