import Foundation
import Raster

/// A view that takes all the space offered and builds its content from that size.
///
/// The reader's size is its proposal (10 points for an unspecified side); its content is laid
/// out in that size, each child from the top-left corner.
///
/// ```swift
/// GeometryReader { proxy in
///     Capsule()
///         .fill(.green)
///         .frame(width: proxy.size.width * entry.progress, height: 6)
/// }
/// ```
public struct GeometryReader<Content: View>: View {
    /// Builds the content from the reader's geometry.
    public var content: (GeometryProxy) -> Content

    /// Creates a reader whose content depends on its size.
    public init(@ViewBuilder content: @escaping (GeometryProxy) -> Content) {
        self.content = content
    }
}

/// The size and position of a ``GeometryReader``, for its content.
///
/// ```swift
/// GeometryReader { proxy in
///     Text("\(Int(proxy.size.width)) pt wide")
/// }
/// ```
///
/// ## Differences from SwiftUI
///
/// Safe-area insets are always zero (a widget has none), and coordinate spaces are `.local`
/// and `.global` only.
public struct GeometryProxy: Sendable {
    /// The reader's frame in the widget's coordinates, in points.
    let globalFrame: Rect
    /// The safe-area insets; always zero in a widget.
    public let safeAreaInsets: EdgeInsets

    /// The reader's size, in points.
    public var size: CGSize { CGSize(globalFrame.size) }

    /// The reader's frame in a coordinate space: `.local` has its origin at the reader's
    /// top-left corner; `.global` is the widget's.
    ///
    /// ```swift
    /// let frame = proxy.frame(in: .local)
    /// Path { p in
    ///     p.move(to: CGPoint(x: frame.minX, y: frame.midY))
    ///     p.addLine(to: CGPoint(x: frame.maxX, y: frame.midY))
    /// }
    /// ```
    public func frame(in coordinateSpace: CoordinateSpace) -> CGRect {
        switch coordinateSpace {
        case .local: CGRect(origin: .zero, size: size)
        case .global: CGRect(globalFrame)
        }
    }
}

/// A frame of reference for positions.
///
/// ```swift
/// proxy.frame(in: .global).minY
/// ```
public enum CoordinateSpace: Hashable, Sendable {
    /// The widget's coordinates.
    case global
    /// The view's own coordinates.
    case local
}

extension GeometryReader: PrimitiveView {
    func makeNodes(in environment: EnvironmentValues, into nodes: inout [LayoutNode]) {
        nodes.append(GeometryReaderNode(content: content, environment: environment.inStack(nil)))
    }
}

/// Takes its proposal; resolves its content only at placement, when the size is known.
final class GeometryReaderNode<Content: View>: LayoutNode {
    let content: (GeometryProxy) -> Content
    let environment: EnvironmentValues

    init(content: @escaping (GeometryProxy) -> Content, environment: EnvironmentValues) {
        self.content = content
        self.environment = environment
        super.init(kind: "GeometryReader")
    }

    override func computeSize(_ proposal: ProposedViewSize) -> Size {
        proposal.filled()
    }

    override func place(in bounds: Rect, proposal: ProposedViewSize) -> PlacedView {
        let proxy = GeometryProxy(globalFrame: bounds, safeAreaInsets: EdgeInsets())
        let children = content(proxy).resolve(in: environment)
        let stack = ZStackNode(children: children, alignment: .topLeading)
        let placed = stack.place(in: bounds, proposal: ProposedViewSize(bounds.size))
        return PlacedView(kind: kind, frame: bounds, children: placed.children)
    }
}
