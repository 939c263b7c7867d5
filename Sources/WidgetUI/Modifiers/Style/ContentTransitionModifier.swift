extension View {
    /// Says how the view's content animates when it changes: numbers that roll, symbols that
    /// replace each other.
    ///
    /// ```swift
    /// Text(entry.date, style: .timer)
    ///     .contentTransition(.numericText(countsDown: true))
    /// ```
    ///
    /// ## Differences from SwiftUI
    ///
    /// A widget's frames are drawn one at a time, without animation between entries, so a
    /// transition changes nothing that is drawn; it is kept for source compatibility.
    public func contentTransition(_ transition: ContentTransition) -> some View {
        self
    }
}

/// How a view's content changes between two values; see ``View/contentTransition(_:)``.
public struct ContentTransition: Hashable, Sendable {
    /// The kind of transition.
    let kind: Kind

    enum Kind: Hashable, Sendable {
        case identity, opacity, interpolate, numericText(countsDown: Bool), symbolEffect
    }

    /// No animation: the new content replaces the old.
    public static let identity = ContentTransition(kind: .identity)
    /// The old content fades out as the new fades in.
    public static let opacity = ContentTransition(kind: .opacity)
    /// The content's properties change smoothly.
    public static let interpolate = ContentTransition(kind: .interpolate)
    /// Symbols are replaced with a symbol effect.
    public static let symbolEffect = ContentTransition(kind: .symbolEffect)

    /// Digits roll, up or down.
    public static func numericText(countsDown: Bool = false) -> ContentTransition {
        ContentTransition(kind: .numericText(countsDown: countsDown))
    }

    /// Digits roll in the direction of a value's change.
    public static func numericText(value: Double) -> ContentTransition {
        ContentTransition(kind: .numericText(countsDown: false))
    }
}
