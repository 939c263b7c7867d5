import Foundation
import Raster

/// A view that opens a URL when tapped: a row of a list, a button-like label.
///
/// ```swift
/// ForEach(entry.departures) { departure in
///     Link(destination: departure.url) {
///         DepartureRow(departure: departure)
///     }
/// }
/// Link("Open the app", destination: URL(string: "myapp://home")!)
/// ```
///
/// A link draws its label; a title given as a string is drawn in the tint, as a link in an
/// app. Where the link lies and where it leads are in the frame's ``RenderReport/links``,
/// for the host to follow taps on it.
public struct Link<Label: View>: View {
    /// Where the link leads.
    let destination: URL
    /// What the link shows.
    let label: Label

    /// Creates a link with a label built by a closure.
    public init(destination: URL, @ViewBuilder label: () -> Label) {
        self.destination = destination
        self.label = label()
    }

    /// The label, placed as a link.
    public var body: some View {
        LinkPlacement(destination: destination, content: label)
    }
}

extension Link where Label == _LinkTitle {
    /// Creates a link titled with a string literal (a ``LocalizedStringKey``).
    public init(_ titleKey: LocalizedStringKey, destination: URL) {
        self.init(destination: destination) { _LinkTitle(text: Text(titleKey)) }
    }

    /// Creates a link titled with a string.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, destination: URL) {
        self.init(destination: destination) { _LinkTitle(text: Text(title)) }
    }
}

/// A link's title: its text in the tint.
public struct _LinkTitle: View {
    let text: Text

    /// The title in the tint.
    public var body: some View {
        text.foregroundStyle(.tint)
    }
}

/// Places its content as a link: reports the content's frame and destination to the frame's
/// render context.
struct LinkPlacement<Content: View>: View, PrimitiveView {
    var destination: URL
    var content: Content

    func makeNodes(in environment: EnvironmentValues, into nodes: inout [LayoutNode]) {
        let context = environment.renderContext
        let destination = destination
        content.resolve(in: environment, into: &nodes) {
            LinkNode(child: $0, destination: destination, context: context)
        }
    }
}

/// Lays out as its child; reports its frame as a link when placed.
final class LinkNode: ModifierNode {
    let destination: URL
    let context: RenderContext?

    init(child: LayoutNode, destination: URL, context: RenderContext?) {
        self.destination = destination
        self.context = context
        super.init(kind: "Link", child: child)
    }

    override func place(in bounds: Rect, proposal: ProposedViewSize) -> PlacedView {
        context?.reportLink(destination, frame: bounds)
        return super.place(in: bounds, proposal: proposal)
    }

    override func alignmentGuide(_ alignment: AxisAlignment, in size: Size) -> Double {
        child.alignmentGuide(alignment, in: size)
    }
}
