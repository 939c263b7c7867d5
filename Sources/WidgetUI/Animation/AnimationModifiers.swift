import Foundation

extension View {
    /// Gives the view an identity: kept for source compatibility.
    ///
    /// ```swift
    /// Text(entry.headline).id(entry.date)
    /// ```
    ///
    /// ## Differences from SwiftUI
    ///
    /// A widget's view is made afresh for each entry and holds no state between entries, so an
    /// identity changes nothing drawn.
    public func id<ID: Hashable>(_ id: ID) -> some View {
        self
    }

    /// Says how the view appears and disappears: kept for source compatibility.
    ///
    /// ```swift
    /// Text(entry.value).transition(.push(from: .bottom))
    /// ```
    ///
    /// ## Differences from SwiftUI
    ///
    /// Frames are drawn one at a time, without animation between entries: the view draws as
    /// it is at the entry's time.
    public func transition(_ transition: AnyTransition) -> some View {
        self
    }

    /// Animates changes of `value`: kept for source compatibility.
    ///
    /// ```swift
    /// Gauge(value: entry.level) { Text("Level") }.animation(.smooth, value: entry.level)
    /// ```
    ///
    /// ## Differences from SwiftUI
    ///
    /// Frames are drawn one at a time, without animation: each entry draws its final state.
    public func animation<V: Equatable>(_ animation: Animation?, value: V) -> some View {
        self
    }

    /// Lets the view extend into the safe area: kept for source compatibility.
    ///
    /// ```swift
    /// LinearGradient(colors: [.indigo, .black], startPoint: .top, endPoint: .bottom)
    ///     .ignoresSafeArea(edges: .all)
    /// ```
    ///
    /// ## Differences from SwiftUI
    ///
    /// A widget has no safe area (its margins are `widgetContentMargins`), so nothing changes,
    /// as in a widget on iOS.
    public func ignoresSafeArea(
        _ regions: SafeAreaRegions = .all, edges: Edge.Set = .all
    ) -> some View {
        self
    }

    /// Sets the color scheme of the view and everything inside it.
    ///
    /// ```swift
    /// PreviewCard().preferredColorScheme(.light)
    /// ```
    ///
    /// ## Differences from SwiftUI
    ///
    /// SwiftUI sets the scheme of the whole presentation; here it sets ``EnvironmentValues/colorScheme``
    /// for the view's subtree only (a widget is its own presentation). `nil` keeps the
    /// scheme of the surroundings.
    public func preferredColorScheme(_ colorScheme: ColorScheme?) -> some View {
        EnvironmentModifier(content: self) { environment in
            if let colorScheme { environment.colorScheme = colorScheme }
        }
    }
}

/// A transition for a view's insertion and removal; see ``View/transition(_:)``.
public struct AnyTransition: Sendable {
    /// No transition.
    public static let identity = AnyTransition()
    /// A fade.
    public static let opacity = AnyTransition()
    /// A scale from nothing.
    public static let scale = AnyTransition()
    /// A slide in from the leading edge.
    public static let slide = AnyTransition()

    /// A movement to or from an edge.
    public static func move(edge: Edge) -> AnyTransition { AnyTransition() }
    /// A push in from an edge.
    public static func push(from edge: Edge) -> AnyTransition { AnyTransition() }
    /// This transition combined with another.
    public func combined(with other: AnyTransition) -> AnyTransition { self }
    /// This transition with an animation.
    public func animation(_ animation: Animation?) -> AnyTransition { self }
    /// One transition in, another out.
    public static func asymmetric(insertion: AnyTransition, removal: AnyTransition)
        -> AnyTransition
    { insertion }
    /// A movement by an offset.
    public static func offset(_ offset: CGSize) -> AnyTransition { AnyTransition() }
    /// A movement by an offset.
    public static func offset(x: CGFloat = 0, y: CGFloat = 0) -> AnyTransition {
        AnyTransition()
    }
    /// A scale from a factor about an anchor.
    public static func scale(scale: CGFloat, anchor: UnitPoint = .center) -> AnyTransition {
        AnyTransition()
    }
}

/// The kinds of safe area; see ``View/ignoresSafeArea(_:edges:)``.
public struct SafeAreaRegions: OptionSet, Hashable, Sendable {
    /// The bits of this set.
    public let rawValue: Int

    /// Creates a set from its bits.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// The area the container (the device's edges, bars) keeps clear.
    public static let container = SafeAreaRegions(rawValue: 1)
    /// The area the keyboard covers.
    public static let keyboard = SafeAreaRegions(rawValue: 2)
    /// Every region.
    public static let all: SafeAreaRegions = [.container, .keyboard]
}
