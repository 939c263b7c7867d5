import FoundationEssentials
import Raster

/// Lays out a whole view tree in a fixed size: the root is proposed the size and centered in it,
/// as SwiftUI centers a widget's content.
///
/// The root is the widget's container: a `containerBackground(for: .widget)` declared anywhere
/// inside fills the whole size behind the content, and a rendering mode other than
/// `.fullColor` recolors everything through the content group's color transform.
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
        if environment.imageCache == nil {
            // Likewise one image cache per frame: images decode and problems log every frame.
            environment.imageCache = ImageCache()
        }
        let context: RenderContext
        if let shared = environment.renderContext {
            context = shared
        } else {
            context = RenderContext(now: Date())
            environment.renderContext = context
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
        let bounds = Rect(origin: .zero, size: size)
        let proposal = ProposedViewSize(size)
        var children: [PlacedView] = []
        if let (background, alignment) = context.containerBackground {
            let fitted = background.sizeThatFits(proposal)
            let origin = ZStackNode.origin(
                of: background, size: fitted, in: bounds, alignment: alignment)
            children.append(
                background.place(in: Rect(origin: origin, size: fitted), proposal: proposal))
        }
        let fitted = root.sizeThatFits(proposal)
        let origin = Point(x: (size.width - fitted.width) / 2, y: (size.height - fitted.height) / 2)
        children.append(root.place(in: Rect(origin: origin, size: fitted), proposal: proposal))
        let groups = environment.widgetRenderingMode.groupTransforms(
            accentTint: environment.widgetAccentTint)
        let placed = PlacedView(
            kind: "root", frame: bounds, effect: groups.map { .colorTransform($0.content) },
            children: children)
        return environment.layoutDirection == .rightToLeft
            ? placed.mirrored(width: size.width) : placed
    }
}
