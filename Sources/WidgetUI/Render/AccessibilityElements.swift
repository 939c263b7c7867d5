import Foundation
import Raster

/// One element a screen reader would visit: what it reads and where it is.
///
/// ```swift
/// let elements = accessibilityElements(of: BatteryView(level: 0.8),
///                                      size: Size(width: 170, height: 170))
/// #expect(elements.map(\.label) == ["Battery"])
/// #expect(elements.first?.value == "80 percent")
/// ```
public struct AccessibilityElement: Hashable, Sendable {
    /// What the element is called: its `accessibilityLabel`, else its text.
    public var label: String?
    /// Its `accessibilityValue`, if any.
    public var value: String?
    /// Its `accessibilityHint`, if any.
    public var hint: String?
    /// Where it is, in points of the laid-out view.
    public var frame: Raster.Rect
    /// Its traits: `accessibilityAddTraits` less `accessibilityRemoveTraits`.
    public var traits: AccessibilityTraits

    /// Creates an element.
    public init(
        label: String?, value: String? = nil, hint: String? = nil, frame: Raster.Rect,
        traits: AccessibilityTraits = []
    ) {
        self.label = label
        self.value = value
        self.hint = hint
        self.frame = frame
        self.traits = traits
    }
}

/// The accessibility elements of a view laid out in a size, in drawing order: the data the
/// accessibility modifiers keep, for tests.
///
/// Each `Text` is an element labelled by its string. `accessibilityHidden(true)` removes a
/// subtree. `accessibilityElement(children:)` makes a subtree one element: `.ignore` reads only
/// its own label, `.combine` its own label or else its children's joined by ", " (values
/// likewise), `.contain` keeps the children as they are. A label, value or hint set on a
/// subtree without `accessibilityElement` replaces that of its one element, or makes the
/// subtree an element when it has none (a shape, an image) or several.
///
/// ## Differences from SwiftUI
///
/// Images are elements only when given a label; SwiftUI reads a symbol's name.
public func accessibilityElements(
    of view: some View, size: Raster.Size, environment: EnvironmentValues = EnvironmentValues()
) -> [AccessibilityElement] {
    let placed = RootLayout.layout(view, size: size, environment: environment)
    return AccessibilityWalk.elements(of: placed)
}

/// The walk of a placed tree that finds its accessibility elements.
enum AccessibilityWalk {
    static func elements(of placed: PlacedView) -> [AccessibilityElement] {
        if placed.accessibility?.isHidden == true { return [] }
        var inner: [AccessibilityElement] = []
        for case .text(let run) in placed.drawing {
            inner.append(AccessibilityElement(label: run.layout.text, frame: placed.frame))
        }
        for child in placed.children { inner += elements(of: child) }
        guard let info = placed.accessibility else { return inner }
        func joined(_ strings: [String?]) -> String? {
            let present = strings.compactMap { $0 }
            return present.isEmpty ? nil : present.joined(separator: ", ")
        }
        // Traits apply to each element this view ends up as, or holds.
        func traited(_ elements: [AccessibilityElement]) -> [AccessibilityElement] {
            elements.map {
                var element = $0
                element.traits = info.traits(element.traits)
                return element
            }
        }
        switch info.children?.kind {
        case .contain?:
            return traited(inner)
        case .ignore?:
            return traited([
                AccessibilityElement(
                    label: info.label, value: info.value, hint: info.hint, frame: placed.frame)
            ])
        case .combine?:
            return traited([
                AccessibilityElement(
                    label: info.label ?? joined(inner.map(\.label)),
                    value: info.value ?? joined(inner.map(\.value)),
                    hint: info.hint ?? joined(inner.map(\.hint)), frame: placed.frame,
                    traits: inner.reduce([]) { $0.union($1.traits) })
            ])
        case nil:
            if info.label == nil, info.value == nil, info.hint == nil { return traited(inner) }
            if inner.count == 1 {
                var element = inner[0]
                element.label = info.label ?? element.label
                element.value = info.value ?? element.value
                element.hint = info.hint ?? element.hint
                return traited([element])
            }
            return traited([
                AccessibilityElement(
                    label: info.label, value: info.value, hint: info.hint, frame: placed.frame)
            ])
        }
    }
}
