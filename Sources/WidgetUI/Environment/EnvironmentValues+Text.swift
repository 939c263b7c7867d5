import Raster

/// Keys that shape text.
extension EnvironmentValues {
    /// The font text uses, or `nil` for `.body`.
    ///
    /// Default: `nil`.
    ///
    /// ```swift
    /// VStack { Text("a"); Text("b") }.font(.caption)
    /// ```
    public var font: Font? {
        get { self[FontKey.self] }
        set { self[FontKey.self] = newValue }
    }

    /// The most lines text may take, or `nil` for no limit.
    ///
    /// Default: `nil`.
    ///
    /// ```swift
    /// Text(note).lineLimit(2)
    /// ```
    public var lineLimit: Int? {
        get { self[LineLimitKey.self] }
        set { self[LineLimitKey.self] = newValue }
    }

    /// How the lines of multiline text align.
    ///
    /// Default: `.leading`.
    ///
    /// ```swift
    /// Text(note).multilineTextAlignment(.center)
    /// ```
    public var multilineTextAlignment: TextAlignment {
        get { self[TextAlignmentKey.self] }
        set { self[TextAlignmentKey.self] = newValue }
    }

    /// The smallest fraction of its font size text may shrink to before it is cut.
    ///
    /// Default: 1 (text never shrinks).
    ///
    /// ```swift
    /// Text(entry.city).lineLimit(1).minimumScaleFactor(0.5)
    /// ```
    public var minimumScaleFactor: Double {
        get { self[MinimumScaleFactorKey.self] }
        set { self[MinimumScaleFactorKey.self] = newValue }
    }

    /// A weight that overrides the font's (`fontWeight`, `bold`).
    var fontWeight: FontWeight? {
        get { self[FontWeightKey.self] }
        set { self[FontWeightKey.self] = newValue }
    }

    /// A design that overrides the font's (`fontDesign`).
    var fontDesign: FontDesign? {
        get { self[FontDesignKey.self] }
        set { self[FontDesignKey.self] = newValue }
    }

    /// Whether text is italic whatever its font (`italic`).
    var isItalic: Bool {
        get { self[ItalicKey.self] }
        set { self[ItalicKey.self] = newValue }
    }

    /// Whether digits take equal widths whatever the font (`monospacedDigit`).
    var hasMonospacedDigits: Bool {
        get { self[MonospacedDigitKey.self] }
        set { self[MonospacedDigitKey.self] = newValue }
    }

    /// The fonts text is measured and drawn with; `render` sets it.
    var fontDatabase: FontDatabase? {
        get { self[FontDatabaseKey.self]?.database }
        set { self[FontDatabaseKey.self] = newValue.map(FontDatabaseBox.init) }
    }

    /// The renderer's text layouts: each `Text`'s laid-out runs, kept across frames.
    ///
    /// The host sets it once for its renderer, so text that hasn't changed since the last
    /// frame is not shaped and broken into lines again (nor searched again for its scale
    /// under `minimumScaleFactor`). A cached layout is the one made afresh, so pixels don't
    /// depend on it. When nobody sets it, every frame lays its text out anew.
    ///
    /// Default: `nil`.
    ///
    /// ```swift
    /// environment.textLayoutCache = TextLayoutCache()
    /// ```
    ///
    /// ## Differences from SwiftUI
    ///
    /// SwiftUI has no such value; its text layout caches are internal.
    public var textLayoutCache: TextLayoutCache? {
        get { self[TextLayoutCacheKey.self]?.cache }
        set { self[TextLayoutCacheKey.self] = newValue.map(TextLayoutCacheBox.init) }
    }
}

/// How the lines of multiline text align with each other.
///
/// ```swift
/// Text("Two\nlines").multilineTextAlignment(.trailing)
/// ```
public enum TextAlignment: Hashable, Sendable, CaseIterable {
    /// Flush left.
    case leading
    /// Centered.
    case center
    /// Flush right.
    case trailing
}

private struct FontKey: EnvironmentKey {
    static let defaultValue: Font? = nil
}

private struct LineLimitKey: EnvironmentKey {
    static let defaultValue: Int? = nil
}

private struct TextAlignmentKey: EnvironmentKey {
    static let defaultValue = TextAlignment.leading
}

private struct FontWeightKey: EnvironmentKey {
    static let defaultValue: FontWeight? = nil
}

private struct FontDesignKey: EnvironmentKey {
    static let defaultValue: FontDesign? = nil
}

private struct ItalicKey: EnvironmentKey {
    static let defaultValue = false
}

private struct MonospacedDigitKey: EnvironmentKey {
    static let defaultValue = false
}

private struct MinimumScaleFactorKey: EnvironmentKey {
    static let defaultValue = 1.0
}

/// Holds the (non-`Sendable`) font database in the environment.
private struct FontDatabaseBox {
    let database: FontDatabase
}

private struct FontDatabaseKey: EnvironmentKey {
    static var defaultValue: FontDatabaseBox? { nil }
}

/// Holds the (non-`Sendable`) text layout cache in the environment.
private struct TextLayoutCacheBox {
    let cache: TextLayoutCache
}

private struct TextLayoutCacheKey: EnvironmentKey {
    static var defaultValue: TextLayoutCacheBox? { nil }
}
