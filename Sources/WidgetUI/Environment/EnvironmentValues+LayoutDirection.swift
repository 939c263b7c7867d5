extension EnvironmentValues {
    /// The direction text and horizontal layout run in, for views that choose their content
    /// by it.
    ///
    /// Default: `.leftToRight`.
    ///
    /// ```swift
    /// @Environment(\.layoutDirection) private var direction
    ///
    /// var body: some View {
    ///     Image(systemName: direction == .rightToLeft ? "arrow.left" : "arrow.right")
    /// }
    /// ```
    ///
    /// ## Differences from SwiftUI
    ///
    /// The value is carried and read, and `.environment(\.layoutDirection, .rightToLeft)` sets
    /// it, but stacks, alignments and text are always laid out left to right: a right-to-left
    /// direction does not mirror the layout.
    public var layoutDirection: LayoutDirection {
        get { self[LayoutDirectionKey.self] }
        set { self[LayoutDirectionKey.self] = newValue }
    }
}

/// The direction of text and horizontal layout; see ``EnvironmentValues/layoutDirection``.
public enum LayoutDirection: Hashable, Sendable, CaseIterable {
    /// Left to right, as in English.
    case leftToRight
    /// Right to left, as in Arabic and Hebrew.
    case rightToLeft
}

private struct LayoutDirectionKey: EnvironmentKey {
    static let defaultValue = LayoutDirection.leftToRight
}
