import Foundation
import Raster

extension View {
    /// Proposes the view a size of the given aspect ratio (width / height) that fits in, or
    /// fills, the size offered, and centers the view in it.
    ///
    /// With `aspectRatio` nil, the ratio is the view's ideal size's: an image's pixel size, a
    /// symbol's square. The modifier only changes what the view is offered: a view that
    /// ignores offers (a non-resizable image, text) keeps its own size. With `.fill` the view
    /// may be larger than its container and overflow it.
    ///
    /// ```swift
    /// Image("landscape")
    ///     .resizable()
    ///     .aspectRatio(contentMode: .fit)
    ///
    /// Color.orange
    ///     .aspectRatio(16 / 9, contentMode: .fit)    // a 16:9 bar as wide as it may be
    /// ```
    ///
    /// ## Differences from SwiftUI
    ///
    /// With one side of the offer unspecified (in a scroll direction), both modes scale the
    /// ratio to the specified side.
    public func aspectRatio(_ aspectRatio: Double? = nil, contentMode: ContentMode) -> some View {
        AspectRatioModifier(content: self, ratio: aspectRatio, contentMode: contentMode)
    }

    /// Proposes the view a size with the proportions of `aspectRatio` that fits in, or fills,
    /// the size offered.
    ///
    /// ```swift
    /// RoundedRectangle(cornerRadius: 8)
    ///     .aspectRatio(CGSize(width: 4, height: 3), contentMode: .fit)
    /// ```
    public func aspectRatio(_ aspectRatio: CGSize, contentMode: ContentMode) -> some View {
        self.aspectRatio(
            Double(aspectRatio.width / aspectRatio.height), contentMode: contentMode)
    }

    /// Scales the view to fit the size offered, keeping its ideal proportions.
    ///
    /// The same as `aspectRatio(contentMode: .fit)`.
    ///
    /// ```swift
    /// Image(systemName: "sun.max.fill")
    ///     .resizable()
    ///     .scaledToFit()
    /// ```
    public func scaledToFit() -> some View {
        aspectRatio(contentMode: .fit)
    }

    /// Scales the view to fill the size offered, keeping its ideal proportions.
    ///
    /// The same as `aspectRatio(contentMode: .fill)`; the view may overflow its container.
    ///
    /// ```swift
    /// Image("photo")
    ///     .resizable()
    ///     .scaledToFill()
    ///     .frame(width: 100, height: 100)
    /// ```
    public func scaledToFill() -> some View {
        aspectRatio(contentMode: .fill)
    }
}

/// How a view scales to a size of other proportions than its own (Raster's `ContentMode`).
///
/// `.fit`: as large as fits inside, proportions kept, perhaps with empty space around.
/// `.fill`: as small as covers it, proportions kept, perhaps overflowing.
///
/// ```swift
/// Image("cover").resizable().aspectRatio(contentMode: .fill)
/// ```
///
/// ## Differences from SwiftUI
///
/// The type is Raster's, shared with `Canvas.draw(_:in:mode:)`, so it has a third case,
/// `.stretch`: `aspectRatio(_:contentMode: .stretch)` offers the view the proposal unchanged.
public typealias ContentMode = Raster.ContentMode

/// The view `aspectRatio(_:contentMode:)` returns.
struct AspectRatioModifier<Content: View>: View, PrimitiveView {
    var content: Content
    var ratio: Double?
    var contentMode: ContentMode

    func makeNodes(in environment: EnvironmentValues, into nodes: inout [LayoutNode]) {
        content.resolve(in: environment, into: &nodes) {
            AspectRatioNode(child: $0, ratio: ratio, contentMode: contentMode)
        }
    }
}

/// Offers the child the largest (fit) or smallest (fill) size of its ratio against the
/// proposal, takes the child's answer as its size, and centers the child.
final class AspectRatioNode: ModifierNode {
    let ratio: Double?
    let contentMode: ContentMode

    init(child: LayoutNode, ratio: Double?, contentMode: ContentMode) {
        self.ratio = ratio
        self.contentMode = contentMode
        super.init(kind: "aspectRatio", child: child)
    }

    /// The size of the ratio, scaled to fit or fill the proposal's specified sides.
    ///
    /// A fully unspecified proposal, `.stretch`, and a ratio that is not a positive finite
    /// number (a view whose ideal size is empty) pass the proposal through unchanged.
    private func childProposal(_ proposal: ProposedViewSize) -> ProposedViewSize {
        guard proposal.width != nil || proposal.height != nil else { return proposal }
        let shape = ratio.map { Size(width: $0, height: 1) } ?? child.sizeThatFits(.unspecified)
        guard shape.width > 0, shape.height > 0, shape.width.isFinite, shape.height.isFinite
        else { return proposal }
        let scales = [
            proposal.width.map { $0 / shape.width }, proposal.height.map { $0 / shape.height },
        ].compactMap { $0 }
        let scale: Double
        switch contentMode {
        case .fit: scale = scales.min() ?? 1
        case .fill: scale = scales.max() ?? 1
        case .stretch: return proposal
        }
        return ProposedViewSize(width: shape.width * scale, height: shape.height * scale)
    }

    override func computeSize(_ proposal: ProposedViewSize) -> Size {
        child.sizeThatFits(childProposal(proposal))
    }

    override func place(in bounds: Rect, proposal: ProposedViewSize) -> PlacedView {
        placeAligned(in: bounds, childProposal: childProposal(proposal), alignment: .center)
    }
}
