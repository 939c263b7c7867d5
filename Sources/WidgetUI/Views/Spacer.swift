import Raster

/// Empty space that grows along the axis of the stack it is in.
///
/// In an `HStack` a spacer takes the width its siblings leave and no height; in a `VStack`, the
/// height and no width; elsewhere it grows both ways. It never gets shorter than `minLength`.
///
/// ```swift
/// HStack {
///     Text("Rain")
///     Spacer()
///     Text("80 %")
/// }
/// ```
public struct Spacer: View {
    /// The shortest the spacer gets along its axis, in points; `nil` for the default.
    ///
    /// Default: 8 points. SwiftUI uses a platform-specific minimum.
    public var minLength: Double?

    /// Creates a spacer.
    public init(minLength: Double? = nil) {
        self.minLength = minLength
    }
}

extension Spacer: PrimitiveView {
    func makeNodes(in environment: EnvironmentValues, into nodes: inout [LayoutNode]) {
        nodes.append(
            SpacerNode(
                minLength: minLength ?? StackLayout.defaultSpacing, axis: environment.stackAxis))
    }
}

/// The node of a ``Spacer``: as long as proposed along its axis (at least `minLength`), zero
/// across it.
final class SpacerNode: LayoutNode {
    let minLength: Double
    let axis: Axis?

    init(minLength: Double, axis: Axis?) {
        self.minLength = minLength
        self.axis = axis
        super.init(kind: "Spacer")
    }

    override func computeSize(_ proposal: ProposedViewSize) -> Size {
        func along(_ side: Double?) -> Double { max(minLength, side ?? minLength) }
        switch axis {
        case .horizontal: return Size(width: along(proposal.width), height: 0)
        case .vertical: return Size(width: 0, height: along(proposal.height))
        case nil: return Size(width: along(proposal.width), height: along(proposal.height))
        }
    }
}
