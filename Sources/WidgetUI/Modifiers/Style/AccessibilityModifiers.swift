import Foundation
import Raster

extension View {
    /// Gives the view a label read out instead of its text.
    ///
    /// ```swift
    /// Image(systemName: "drop.fill").accessibilityLabel("Humidity")
    /// ```
    ///
    /// ## Differences from SwiftUI
    ///
    /// There is no screen reader on a display: labels, values, hints and grouping are kept as
    /// data that ``accessibilityElements(of:size:environment:)`` returns, for tests.
    public func accessibilityLabel(_ label: Text) -> some View {
        AccessibilityModifier(content: self) { $0.label = label }
    }

    /// Gives the view a label from a string literal (a ``LocalizedStringKey``).
    public func accessibilityLabel(_ key: LocalizedStringKey) -> some View {
        accessibilityLabel(Text(key))
    }

    /// Gives the view a label from a string.
    @_disfavoredOverload
    public func accessibilityLabel<S: StringProtocol>(_ label: S) -> some View {
        accessibilityLabel(Text(label))
    }

    /// Gives the view a value, read after its label ("Battery, 80 percent").
    public func accessibilityValue(_ value: Text) -> some View {
        AccessibilityModifier(content: self) { $0.value = value }
    }

    /// Gives the view a value from a string literal (a ``LocalizedStringKey``).
    public func accessibilityValue(_ key: LocalizedStringKey) -> some View {
        accessibilityValue(Text(key))
    }

    /// Gives the view a value from a string.
    @_disfavoredOverload
    public func accessibilityValue<S: StringProtocol>(_ value: S) -> some View {
        accessibilityValue(Text(value))
    }

    /// Gives the view a hint: what happens when it is activated.
    public func accessibilityHint(_ hint: Text) -> some View {
        AccessibilityModifier(content: self) { $0.hint = hint }
    }

    /// Gives the view a hint from a string literal (a ``LocalizedStringKey``).
    public func accessibilityHint(_ key: LocalizedStringKey) -> some View {
        accessibilityHint(Text(key))
    }

    /// Hides the view, and everything in it, from accessibility; it still draws.
    ///
    /// ```swift
    /// Circle().fill(.green).frame(width: 6, height: 6).accessibilityHidden(true)
    /// ```
    public func accessibilityHidden(_ hidden: Bool) -> some View {
        AccessibilityModifier(content: self) { $0.isHidden = hidden }
    }

    /// Makes the view one accessibility element, whose children are ignored, combined into
    /// its label, or kept as elements of their own.
    ///
    /// ```swift
    /// HStack { Image(systemName: "flame"); Text("12 days") }
    ///     .accessibilityElement(children: .combine)   // "flame, 12 days"
    /// ```
    public func accessibilityElement(children: AccessibilityChildBehavior = .ignore)
        -> some View
    {
        AccessibilityModifier(content: self) { $0.children = children }
    }
}

/// What an accessibility element does with the elements inside it.
public struct AccessibilityChildBehavior: Hashable, Sendable {
    enum Kind: Hashable, Sendable { case ignore, combine, contain }
    let kind: Kind

    /// The children are not elements; the element has only its own label.
    public static let ignore = AccessibilityChildBehavior(kind: .ignore)
    /// The children's labels join the element's, separated by ", ".
    public static let combine = AccessibilityChildBehavior(kind: .combine)
    /// The children stay elements of their own, inside this one.
    public static let contain = AccessibilityChildBehavior(kind: .contain)
}

/// What the accessibility modifiers of one view said.
struct AccessibilityAttributes {
    var label: Text?
    var value: Text?
    var hint: Text?
    var isHidden = false
    var children: AccessibilityChildBehavior?
}

/// The accessibility attributes of a placed view, their texts read as strings.
struct AccessibilityInfo {
    var label: String?
    var value: String?
    var hint: String?
    var isHidden: Bool
    var children: AccessibilityChildBehavior?
}

/// The view the accessibility modifiers return; it changes no layout or drawing.
struct AccessibilityModifier<Content: View>: View, PrimitiveView {
    var content: Content
    var change: (inout AccessibilityAttributes) -> Void

    func makeNodes(in environment: EnvironmentValues, into nodes: inout [LayoutNode]) {
        content.resolve(in: environment, into: &nodes) { child in
            // Modifiers on the same view merge into one node, the outermost last.
            if let node = child as? AccessibilityNode {
                change(&node.attributes)
                return node
            }
            var attributes = AccessibilityAttributes()
            change(&attributes)
            return AccessibilityNode(
                child: child, attributes: attributes, environment: environment)
        }
    }
}

/// Lays out as its child; its placed view carries the accessibility attributes, with their
/// texts resolved to strings.
final class AccessibilityNode: ModifierNode {
    var attributes: AccessibilityAttributes
    let environment: EnvironmentValues

    init(child: LayoutNode, attributes: AccessibilityAttributes, environment: EnvironmentValues) {
        self.attributes = attributes
        self.environment = environment
        super.init(kind: "accessibility", child: child)
    }

    override func place(in bounds: Rect, proposal: ProposedViewSize) -> PlacedView {
        var placed = super.place(in: bounds, proposal: proposal)
        placed.accessibility = AccessibilityInfo(
            label: string(attributes.label), value: string(attributes.value),
            hint: string(attributes.hint), isHidden: attributes.isHidden,
            children: attributes.children)
        return placed
    }

    override func alignmentGuide(_ alignment: AxisAlignment, in size: Size) -> Double {
        child.alignmentGuide(alignment, in: size)
    }

    /// A text attribute as the string it reads under this node's environment.
    private func string(_ text: Text?) -> String? {
        text?.string(in: environment)
    }
}
