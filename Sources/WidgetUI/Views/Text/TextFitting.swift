import Foundation
import Raster

extension Text {
    /// Where text cut by its line limit loses characters for the "…".
    public enum TruncationMode: Hashable, Sendable {
        /// At the start: "…at the new place".
        case head
        /// In the middle: "Dentist…new place".
        case middle
        /// At the end: "Dentist appoint…". Default.
        case tail

        /// Raster's mode.
        var raster: TextLayout.TruncationMode {
            switch self {
            case .head: .head
            case .middle: .middle
            case .tail: .tail
            }
        }
    }
}

extension Font {
    /// A font's width: condensed, compressed or expanded letters.
    ///
    /// ## Differences from SwiftUI
    ///
    /// The installed fonts have no width axis, so a width is drawn as the standard letters
    /// scaled horizontally (advances, wrapping and glyphs alike): compressed 80 %, condensed
    /// 90 %, expanded 115 %; `Width(_:)` takes a factor around 1 (1 + value, clamped to
    /// 0.5…1.5).
    public struct Width: Hashable, Sendable {
        /// The horizontal scale of the letters.
        let scale: Double

        /// A width from SwiftUI's value: 0 is standard, negative narrower, positive wider.
        public init(_ value: CGFloat) {
            scale = min(max(1 + Double(value), 0.5), 1.5)
        }

        /// The narrowest letters: 80 % of the standard width.
        public static let compressed = Width(-0.2)
        /// Narrower letters: 90 %.
        public static let condensed = Width(-0.1)
        /// The standard width.
        public static let standard = Width(0)
        /// Wider letters: 115 %.
        public static let expanded = Width(0.15)
    }
}

extension View {
    /// Sets where text in this view that its line limit cuts loses characters.
    ///
    /// ```swift
    /// Text(track.path).lineLimit(1).truncationMode(.middle)
    /// ```
    public func truncationMode(_ mode: Text.TruncationMode) -> some View {
        EnvironmentModifier(content: self) { $0.truncationMode = mode }
    }

    /// Lets text in this view draw its letters closer together, up to 6 % of the font size
    /// per letter, before it is shrunk (``View/minimumScaleFactor(_:)``) or cut.
    ///
    /// ```swift
    /// Text(entry.station).lineLimit(1).allowsTightening(true)
    /// ```
    public func allowsTightening(_ flag: Bool) -> some View {
        EnvironmentModifier(content: self) { $0.allowsTightening = flag }
    }

    /// Sets the width of the letters of text in this view (see ``Font/Width``); nil for the
    /// standard width.
    ///
    /// ```swift
    /// Text("BTC 97,420").fontWidth(.condensed)
    /// ```
    public func fontWidth(_ width: Font.Width?) -> some View {
        EnvironmentModifier(content: self) { $0.fontWidth = width }
    }
}

extension EnvironmentValues {
    /// Where text cut by its line limit loses characters.
    ///
    /// Default: `.tail`.
    public var truncationMode: Text.TruncationMode {
        get { self[TruncationModeKey.self] }
        set { self[TruncationModeKey.self] = newValue }
    }

    /// Whether text may tighten its letters to fit.
    ///
    /// Default: false.
    public var allowsTightening: Bool {
        get { self[AllowsTighteningKey.self] }
        set { self[AllowsTighteningKey.self] = newValue }
    }

    /// The width of text's letters; nil for standard.
    var fontWidth: Font.Width? {
        get { self[FontWidthKey.self] }
        set { self[FontWidthKey.self] = newValue }
    }
}

private struct TruncationModeKey: EnvironmentKey {
    static let defaultValue = Text.TruncationMode.tail
}

private struct AllowsTighteningKey: EnvironmentKey {
    static let defaultValue = false
}

private struct FontWidthKey: EnvironmentKey {
    static let defaultValue: Font.Width? = nil
}
