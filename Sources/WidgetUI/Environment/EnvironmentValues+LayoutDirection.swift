import Localization

extension EnvironmentValues {
    /// The direction horizontal layout runs in: right to left mirrors the layout.
    ///
    /// Default: `.rightToLeft` when the ``locale``'s language is written right to left
    /// (Arabic, Hebrew, Persian, Urdu), else `.leftToRight`.
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
    /// The whole widget is mirrored at once (the direction in force at its root counts), and
    /// the text itself is still drawn one glyph per character left to right: Arabic is not
    /// joined nor Hebrew reordered yet (docs/localization.md, "Right to left").
    public var layoutDirection: LayoutDirection {
        get {
            self[LayoutDirectionKey.self]
                ?? (LanguageTag(locale.identifier).isRightToLeft ? .rightToLeft : .leftToRight)
        }
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
    static let defaultValue: LayoutDirection? = nil
}
