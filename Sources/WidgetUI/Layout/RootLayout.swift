import Raster

/// Lays out a whole view tree in a fixed size: the root is proposed the size and centered in it,
/// as SwiftUI centers a widget's content.
enum RootLayout {
    /// Resolves `view` under `environment` and places it in a `size`-point canvas.
    static func layout(
        _ view: some View, size: Size, environment: EnvironmentValues
    ) -> PlacedView {
        var environment = environment
        if environment.fontDatabase == nil {
            // One database per frame when the host didn't share one: correct, but slower.
            environment.fontDatabase = try? FontDatabase()
        }
        if environment.containerShape.frame == nil {
            environment.containerShape.frame = Rect(origin: .zero, size: size)
        }
        let nodes = view.resolve(in: environment)
        let root =
            nodes.count == 1
            ? nodes[0]
            : StackNode(
                kind: "VStack", children: nodes,
                layout: StackLayout(axis: .vertical, alignment: .horizontal(.center)))
        let proposal = ProposedViewSize(size)
        let fitted = root.sizeThatFits(proposal)
        let origin = Point(x: (size.width - fitted.width) / 2, y: (size.height - fitted.height) / 2)
        return PlacedView(
            kind: "root", frame: Rect(origin: .zero, size: size),
            children: [root.place(in: Rect(origin: origin, size: fitted), proposal: proposal)])
    }
}
