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

    /// Adds traits to the view's element, or to each element inside it.
    ///
    /// ```swift
    /// Text("Today").accessibilityAddTraits(.isHeader)
    /// ```
    public func accessibilityAddTraits(_ traits: AccessibilityTraits) -> some View {
        AccessibilityModifier(content: self) {
            $0.addedTraits.formUnion(traits)
            $0.removedTraits.subtract(traits)
        }
    }

    /// Removes traits from the view's element, or from each element inside it.
    public func accessibilityRemoveTraits(_ traits: AccessibilityTraits) -> some View {
        AccessibilityModifier(content: self) {
            $0.removedTraits.formUnion(traits)
            $0.addedTraits.subtract(traits)
        }
    }
}

/// What an accessibility element is, beyond its label: a header, a button, an image.
public struct AccessibilityTraits: OptionSet, Hashable, Sendable {
    /// The bits of this set.
    public let rawValue: Int

    /// Creates a set from its bits.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// A button.
    public static let isButton = AccessibilityTraits(rawValue: 1 << 0)
    /// A heading that divides content.
    public static let isHeader = AccessibilityTraits(rawValue: 1 << 1)
    /// The selected one of several.
    public static let isSelected = AccessibilityTraits(rawValue: 1 << 2)
    /// A link.
    public static let isLink = AccessibilityTraits(rawValue: 1 << 3)
    /// An image.
    public static let isImage = AccessibilityTraits(rawValue: 1 << 4)
    /// Text that can't change.
    public static let isStaticText = AccessibilityTraits(rawValue: 1 << 5)
    /// A summary of the situation, read first.
    public static let isSummaryElement = AccessibilityTraits(rawValue: 1 << 6)
    /// A value that changes often.
    public static let updatesFrequently = AccessibilityTraits(rawValue: 1 << 7)
    /// A toggle.
    public static let isToggle = AccessibilityTraits(rawValue: 1 << 8)
    /// A modal view.
    public static let isModal = AccessibilityTraits(rawValue: 1 << 9)
    /// Plays its own sound.
    public static let playsSound = AccessibilityTraits(rawValue: 1 << 10)
    /// Starts a media session.
    public static let startsMediaSession = AccessibilityTraits(rawValue: 1 << 11)
    /// A search field.
    public static let isSearchField = AccessibilityTraits(rawValue: 1 << 12)
    /// Acts on direct touch.
    public static let allowsDirectInteraction = AccessibilityTraits(rawValue: 1 << 13)
    /// Turns the page when read to its end.
    public static let causesPageTurn = AccessibilityTraits(rawValue: 1 << 14)
    /// A key of a keyboard.
    public static let isKeyboardKey = AccessibilityTraits(rawValue: 1 << 15)
    /// A tab bar.
    public static let isTabBar = AccessibilityTraits(rawValue: 1 << 16)
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
    var addedTraits: AccessibilityTraits = []
    var removedTraits: AccessibilityTraits = []
}

/// The accessibility attributes of a placed view, their texts read as strings.
struct AccessibilityInfo {
    var label: String?
    var value: String?
    var hint: String?
    var isHidden: Bool
    var children: AccessibilityChildBehavior?
    var addedTraits: AccessibilityTraits
    var removedTraits: AccessibilityTraits

    /// `traits` with this view's added and removed.
    func traits(_ traits: AccessibilityTraits) -> AccessibilityTraits {
        traits.union(addedTraits).subtracting(removedTraits)
    }
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
            children: attributes.children, addedTraits: attributes.addedTraits,
            removedTraits: attributes.removedTraits)
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
