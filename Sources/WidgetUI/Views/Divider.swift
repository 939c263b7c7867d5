import Raster

/// A hairline that separates content.
///
/// In an `HStack` it is a vertical line as tall as proposed; anywhere else, a horizontal line as
/// wide as proposed. It is one pixel thick (`1 / displayScale` points) and drawn in the
/// separator color.
///
/// ```swift
/// VStack {
///     Text("Today")
///     Divider()
///     Text("Tomorrow")
/// }
/// ```
///
/// ## Differences from SwiftUI
///
/// The thickness is exactly one device pixel and the color the dark-mode separator; SwiftUI's
/// depends on the platform and color scheme.
public struct Divider: View {
    /// Creates a divider.
    public init() {}
}

extension Divider: PrimitiveView {
    func makeNodes(in environment: EnvironmentValues, into nodes: inout [LayoutNode]) {
        let thickness = 1 / max(environment.displayScale, 1)
        let vertical = environment.stackAxis == .horizontal
        nodes.append(
            LeafNode(kind: "Divider") { proposal in
                vertical
                    ? Size(width: thickness, height: proposal.height ?? 0)
                    : Size(width: proposal.width ?? 0, height: thickness)
            } draw: { bounds in
                [.fill(Raster.Path(bounds), .color(.separator))]
            })
    }
}
