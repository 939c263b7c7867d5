import Raster

/// Keys describing how and where a widget is shown.
///
/// The widget renderer (the `Widgets` module) sets them for every frame from the display's
/// appearance: day is `.fullColor`, dim adds `isLuminanceReduced`, night is `.vibrant` with
/// `isLuminanceReduced` (docs/architecture.md, "The appearance model").
extension EnvironmentValues {
    /// How the widget's colors reach the screen: as drawn, tinted, or monochrome.
    ///
    /// Default: `.fullColor`.
    ///
    /// ```swift
    /// @Environment(\.widgetRenderingMode) private var renderingMode
    ///
    /// var body: some View {
    ///     Image(systemName: "heart.fill")
    ///         .foregroundStyle(renderingMode == .fullColor ? .red : .primary)
    /// }
    /// ```
    public var widgetRenderingMode: WidgetRenderingMode {
        get { self[WidgetRenderingModeKey.self] }
        set { self[WidgetRenderingModeKey.self] = newValue }
    }

    /// Whether the display is dimmed (at night, like the Always-On display): widgets may drop
    /// seconds or detail.
    ///
    /// Default: `false`.
    ///
    /// ```swift
    /// @Environment(\.isLuminanceReduced) private var isLuminanceReduced
    ///
    /// var body: some View {
    ///     Text(date, style: isLuminanceReduced ? .time : .timer)
    /// }
    /// ```
    public var isLuminanceReduced: Bool {
        get { self[LuminanceReducedKey.self] }
        set { self[LuminanceReducedKey.self] = newValue }
    }

    /// Whether the widget's `containerBackground(for: .widget)` is drawn here.
    ///
    /// StandBy removes a widget's background (`false`) unless the widget marks it
    /// non-removable or the board asks for tiles. Default: `true`.
    ///
    /// ```swift
    /// @Environment(\.showsWidgetContainerBackground) private var showsBackground
    /// ```
    public var showsWidgetContainerBackground: Bool {
        get { self[ShowsContainerBackgroundKey.self] }
        set { self[ShowsContainerBackgroundKey.self] = newValue }
    }

    /// Whether the widget is drawn in light or dark colors.
    ///
    /// Default: `.dark`; StandBy is always dark.
    ///
    /// ```swift
    /// @Environment(\.colorScheme) private var colorScheme
    /// ```
    public var colorScheme: ColorScheme {
        get { self[ColorSchemeKey.self] }
        set { self[ColorSchemeKey.self] = newValue }
    }

    /// The margins the system puts around a widget's content, for the current family.
    ///
    /// The widget renderer pads the content by these and sets them here so that a view that
    /// ignores them (with a negative padding) can measure. Default: 16 points on every edge.
    ///
    /// ```swift
    /// @Environment(\.widgetContentMargins) private var margins
    /// ```
    public var widgetContentMargins: EdgeInsets {
        get { self[ContentMarginsKey.self] }
        set { self[ContentMarginsKey.self] = newValue }
    }

    /// Why the content is being redacted, if at all: `.placeholder` while the widget has no
    /// entry yet.
    ///
    /// Default: none.
    ///
    /// ```swift
    /// Text(entry.title).redacted(reason: .placeholder)
    /// ```
    public var redactionReasons: RedactionReasons {
        get { self[RedactionReasonsKey.self] }
        set { self[RedactionReasonsKey.self] = newValue }
    }

    /// The color `widgetAccentable()` content takes in `.accented` mode.
    ///
    /// Default: system blue. The host sets it from the configuration.
    public var widgetAccentTint: Color {
        get { self[AccentTintKey.self] }
        set { self[AccentTintKey.self] = newValue }
    }
}

/// How a widget's colors are shown, as WidgetKit's rendering modes.
///
/// ```swift
/// switch renderingMode {
/// case .fullColor: FullColorGauge(value: value)
/// default: MonochromeGauge(value: value)
/// }
/// ```
///
/// ## Differences from WidgetKit
///
/// Nightstand draws the modes itself, at paint time, through a color transform:
/// - `.fullColor`: as drawn.
/// - `.accented`: every color becomes white by its luminance, except `widgetAccentable()`
///   content, which becomes the accent tint by its luminance.
/// - `.vibrant`: every color becomes gray by its luminance at 60 %, and `widgetAccentable()`
///   content gray by twice its luminance (saturating at white), so the accent group is the
///   brightest even when drawn in a dark color such as red. Night mode then tints the whole
///   result red.
public enum WidgetRenderingMode: Hashable, Sendable, CaseIterable {
    /// Colors as drawn.
    case fullColor
    /// Two groups: the accent group in the accent tint, the rest white.
    case accented
    /// Monochrome by luminance; the accent group brightest.
    case vibrant
}

/// Light or dark appearance.
public enum ColorScheme: Hashable, Sendable, CaseIterable {
    /// Dark text on light backgrounds.
    case light
    /// Light text on dark backgrounds (StandBy).
    case dark
}

/// Reasons content is shown redacted.
///
/// ```swift
/// if redactionReasons.contains(.placeholder) { … }
/// ```
public struct RedactionReasons: OptionSet, Hashable, Sendable {
    /// The bits of this set.
    public let rawValue: Int

    /// Creates a set from its bits.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// The widget is a placeholder: text draws as rounded bars.
    public static let placeholder = RedactionReasons(rawValue: 1 << 0)
    /// The content is private and hidden while the device is locked.
    public static let privacy = RedactionReasons(rawValue: 1 << 1)
    /// The content is out of date.
    public static let invalidated = RedactionReasons(rawValue: 1 << 2)
}

extension WidgetRenderingMode {
    /// The color transforms of the two groups in this mode, or `nil` in `.fullColor`.
    func groupTransforms(accentTint: Color) -> (content: ColorTransform, accent: ColorTransform)? {
        switch self {
        case .fullColor:
            return nil
        case .accented:
            return (.monochrome(tint: .white), .monochrome(tint: accentTint.rgba))
        case .vibrant:
            let white = ColorTransform.monochrome(tint: .white)
            return (white.concatenating(.dim(0.6)), white.concatenating(.dim(2)))
        }
    }
}

private struct WidgetRenderingModeKey: EnvironmentKey {
    static let defaultValue = WidgetRenderingMode.fullColor
}

private struct LuminanceReducedKey: EnvironmentKey {
    static let defaultValue = false
}

private struct ShowsContainerBackgroundKey: EnvironmentKey {
    static let defaultValue = true
}

private struct ColorSchemeKey: EnvironmentKey {
    static let defaultValue = ColorScheme.dark
}

private struct ContentMarginsKey: EnvironmentKey {
    static let defaultValue = EdgeInsets(top: 16, leading: 16, bottom: 16, trailing: 16)
}

private struct RedactionReasonsKey: EnvironmentKey {
    static let defaultValue: RedactionReasons = []
}

private struct AccentTintKey: EnvironmentKey {
    static let defaultValue = Color.blue
}
